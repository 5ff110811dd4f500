import { findUnit, unitsOf } from './find-unit';
import type { Category, Unit } from './units';

interface Input {
  value: number;
  from: string;
  to: string;
}

type ErrorCode = 'unknown_unit' | 'ambiguous_unit' | 'incompatible_units' | 'invalid_value';
type Output = { ok: true; value: number; from: string; to: string; category: Category } | { ok: false; error: { code: ErrorCode; message: string } };

// Enough to hide binary noise (100 °C → 212.00000000000003 °F) and keep every digit of 2^40 bytes.
const SIGNIFICANT_DIGITS = 15;

export default function unitConvert(input: Input): Output {
  const from = findUnit(input.from);
  if ('error' in from) return failure(from.error, from.message);
  const to = findUnit(input.to);
  if ('error' in to) return failure(to.error, to.message);
  if (from.unit.category !== to.unit.category) {
    return failure(
      'incompatible_units',
      `Cannot convert ${from.unit.category} (${from.unit.symbols[0]}) to ${to.unit.category} (${to.unit.symbols[0]}); ${to.unit.category} units: ${unitsOf(to.unit.category)}`,
    );
  }
  const base = toBase(input.value, from.unit);
  if (from.unit.category === 'temperature' && base < 0) {
    return failure('invalid_value', `${input.value} ${from.unit.symbols[0]} is below absolute zero`);
  }
  return {
    ok: true,
    value: Number(fromBase(base, to.unit).toPrecision(SIGNIFICANT_DIGITS)),
    from: from.unit.symbols[0],
    to: to.unit.symbols[0],
    category: from.unit.category,
  };
}

function toBase(value: number, unit: Unit): number {
  return value * unit.factor + (unit.offset ?? 0);
}

function fromBase(value: number, unit: Unit): number {
  return (value - (unit.offset ?? 0)) / unit.factor;
}

function failure(code: ErrorCode, message: string): Output {
  return { ok: false, error: { code, message } };
}
