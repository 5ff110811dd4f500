import { performance } from 'node:perf_hooks';
import { patternCharCost, patternProblem, re2RegExpEngine } from '../../../../adapters/validation/re2-reg-exp-engine';

/** Each of these takes a backtracking engine (JavaScript's RegExp) exponential time on the input beside it. */
const CATASTROPHIC: Array<[string, string]> = [
  ['^(a+)+$', `${'a'.repeat(100_000)}!`],
  ['^(a|aa)+$', `${'a'.repeat(100_000)}!`],
  ['^(a|a?)+$', `${'a'.repeat(100_000)}!`],
  ['^(\\w+\\s?)+$', `${'word '.repeat(20_000)}!`],
  ['^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$', `${'a'.repeat(50_000)}!`],
];

describe('re2RegExpEngine', () => {
  it.each(CATASTROPHIC)('When %s meets a long hostile input, Then it answers in linear time', (source, input) => {
    const pattern = re2RegExpEngine(source, 'u');
    const started = performance.now();
    expect(pattern.test(input)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('When a pattern is matched, Then it behaves as JSON Schema says: unanchored, Unicode, JavaScript escapes', () => {
    expect(re2RegExpEngine('b+', 'u').test('abbbc')).toBe(true);
    expect(re2RegExpEngine('^b+$', 'u').test('abbbc')).toBe(false);
    expect(re2RegExpEngine('^\\u00e9\\p{L}+$', 'u').test('éa')).toBe(true);
    expect(re2RegExpEngine('^.$', 'u').test('😀')).toBe(true);
    expect(re2RegExpEngine('^(?<year>\\d{4})-\\d{2}$', 'u').test('2025-03')).toBe(true);
    expect(re2RegExpEngine('^a/b$', 'u').test('a/b')).toBe(true);
  });

  it('When a pattern needs backreferences or lookaround, Then it is refused rather than approximated', () => {
    for (const source of ['(a)\\1', '(?<x>a)\\k<x>', 'a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b']) {
      expect(patternProblem(source)).toMatch(/not supported by the linear-time matcher/);
      expect(() => re2RegExpEngine(source, 'u')).toThrow(/not supported by the linear-time matcher/);
    }
  });

  it('When a pattern is not valid ECMA-262, Then it is refused even if RE2 would read it', () => {
    expect(patternProblem('(')).toMatch(/is not a valid regular expression/);
    expect(patternProblem('\\A\\z')).toMatch(/is not a valid regular expression/);
    expect(patternProblem('^[a-z]+$')).toBeUndefined();
  });

  it('When a pattern is too long or compiles to too large a program, Then it is refused', () => {
    expect(patternProblem('a'.repeat(1000))).toBeUndefined();
    expect(patternProblem('a'.repeat(1001))).toBe('must be at most 1000 characters');
    expect(patternProblem('[a-z]{1,1000}[0-9]{1,1000}')).toMatch(/too large once compiled/);
  });

  it('When patterns differ, Then Ajv sees distinct keys; the cost per character is the program size', () => {
    expect(String(re2RegExpEngine('a+', 'u'))).not.toBe(String(re2RegExpEngine('b+', 'u')));
    expect(patternCharCost('^(a+)+$')).toBeLessThan(20);
    expect(patternCharCost('a[ab]{400}!')).toBeGreaterThan(400);
  });
});
