export const CONDITION_OPERATORS = ['equals', 'not_equals', 'contains', 'not_contains', 'is_empty', 'not_empty', 'greater_than', 'less_than'] as const;

export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** Operators that look at `left` only. */
const UNARY: ReadonlyArray<ConditionOperator> = ['is_empty', 'not_empty'];

export function isConditionOperator(value: unknown): value is ConditionOperator {
  return typeof value === 'string' && (CONDITION_OPERATORS as ReadonlyArray<string>).includes(value);
}

export function operatorNeedsRight(operator: ConditionOperator): boolean {
  return !UNARY.includes(operator);
}

/**
 * Compares two rendered templates. Text compares exactly (no trimming, case-sensitive);
 * `is_empty` ignores surrounding whitespace. `greater_than`/`less_than` compare as numbers
 * when both sides are numbers, else as text (code-unit order), so the result never depends
 * on the locale.
 */
export function evaluateCondition(left: string, operator: ConditionOperator, right: string): boolean {
  switch (operator) {
    case 'equals':
      return left === right;
    case 'not_equals':
      return left !== right;
    case 'contains':
      return left.includes(right);
    case 'not_contains':
      return !left.includes(right);
    case 'is_empty':
      return left.trim() === '';
    case 'not_empty':
      return left.trim() !== '';
    case 'greater_than':
      return compare(left, right) > 0;
    case 'less_than':
      return compare(left, right) < 0;
  }
}

function compare(left: string, right: string): number {
  const a = asNumber(left);
  const b = asNumber(right);
  if (a !== undefined && b !== undefined) return a - b;
  return left < right ? -1 : left > right ? 1 : 0;
}

function asNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
