/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
/**
 * Math.random is the isolate's own V8 generator (xorshift128+, seeded per isolate): uniform
 * enough for games, samples and tests, never for secrets, which the description says.
 */
interface Input {
  min?: number;
  max?: number;
  type?: 'integer' | 'float';
  count?: number;
  decimals?: number;
  unique?: boolean;
}

interface Output {
  numbers: number[];
  min: number;
  max: number;
  type: 'integer' | 'float';
}

export default function randomNumber(input: Input): Output {
  const min = input.min ?? 0;
  const max = input.max ?? 100;
  const type = input.type ?? 'integer';
  const count = input.count ?? 1;
  if (min > max) throw invalid(`min (${min}) is greater than max (${max})`);
  if (type === 'float') {
    if (!Number.isFinite(max - min)) throw invalid('The range is too wide to draw from');
    const numbers = Array.from({ length: count }, () => float(min, max, input.decimals));
    return { numbers, min, max, type };
  }
  const low = Math.ceil(min);
  const high = Math.floor(max);
  if (low > high) throw invalid(`There is no integer between ${min} and ${max}`);
  if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high) || !Number.isSafeInteger(high - low + 1)) {
    throw invalid('Integer bounds must stay within ±2^53 and span at most 2^53 values');
  }
  const size = high - low + 1;
  if (input.unique && count > size) throw invalid(`Only ${size} different integers lie between ${low} and ${high}, ${count} asked`);
  const numbers = input.unique ? uniqueIntegers(low, size, count) : Array.from({ length: count }, () => low + Math.floor(Math.random() * size));
  return { numbers, min: low, max: high, type };
}

function float(min: number, max: number, decimals: number | undefined): number {
  const value = min + Math.random() * (max - min);
  if (decimals === undefined) return value;
  const rounded = Number(value.toFixed(decimals));
  // Rounding may push a value just outside the range (0.996 → 1.00 with max 0.995).
  return Math.min(Math.max(rounded, min), max);
}

/** Rejection sampling for a few from many; a partial Fisher–Yates shuffle once half the range is wanted. */
function uniqueIntegers(low: number, size: number, count: number): number[] {
  if (count * 2 <= size) {
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(low + Math.floor(Math.random() * size));
    return [...chosen];
  }
  const pool = Array.from({ length: size }, (_, i) => low + i);
  for (let i = 0; i < count; i += 1) {
    const j = i + Math.floor(Math.random() * (size - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count);
}

/** The bounds, count and uniqueness asked for do not fit together: a call to change, not a fault. */
function invalid(message: string): ToolError {
  return new ToolError('invalid_input', message);
}
