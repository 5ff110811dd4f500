import { ConditionOperator, evaluateCondition } from '../../../../core/domain/workflow/workflow-condition';

describe('evaluateCondition', () => {
  const cases: Array<[string, ConditionOperator, string, boolean]> = [
    ['urgent', 'equals', 'urgent', true],
    ['Urgent', 'equals', 'urgent', false],
    ['urgent', 'not_equals', 'later', true],
    ['an urgent mail', 'contains', 'urgent', true],
    ['an urgent mail', 'not_contains', 'urgent', false],
    ['  \n', 'is_empty', '', true],
    ['x', 'is_empty', '', false],
    [' x ', 'not_empty', '', true],
    ['10', 'greater_than', '9', true],
    ['9', 'less_than', '10', true],
    ['2.5', 'greater_than', '-1e3', true],
    ['b', 'greater_than', 'a', true],
    ['10', 'greater_than', 'abc', false],
    ['', 'less_than', '1', true],
  ];

  it.each(cases)('When "%s" %s "%s", Then the result is %s', (left, operator, right, expected) => {
    expect(evaluateCondition(left, operator, right)).toBe(expected);
  });
});
