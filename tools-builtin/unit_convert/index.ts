/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import { findUnit, unitsOf } from './find-unit';
import type { Category, Unit } from './units';

interface Input {
  value: number;
  from: string;
  to: string;
}

interface Output {
  value: number;
  from: string;
  to: string;
  category: Category;
}

// Enough to hide binary noise (100 °C → 212.00000000000003 °F) and keep every digit of 2^40 bytes.
const SIGNIFICANT_DIGITS = 15;

export default function unitConvert(input: Input): Output {
  const from = findUnit(input.from);
  if ('error' in from) throw new ToolError(from.error, from.message);
  const to = findUnit(input.to);
  if ('error' in to) throw new ToolError(to.error, to.message);
  if (from.unit.category !== to.unit.category) {
    throw new ToolError(
      'incompatible_units',
      `Cannot convert ${from.unit.category} (${from.unit.symbols[0]}) to ${to.unit.category} (${to.unit.symbols[0]}); ${to.unit.category} units: ${unitsOf(to.unit.category)}`,
    );
  }
  const base = toBase(input.value, from.unit);
  if (from.unit.category === 'temperature' && base < 0) {
    throw new ToolError('invalid_value', `${input.value} ${from.unit.symbols[0]} is below absolute zero`);
  }
  return {
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
