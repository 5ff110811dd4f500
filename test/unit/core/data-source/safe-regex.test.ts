import { RegexSyntaxError, SafeRegex, StepBudget } from '../../../../core/domain/data-source/safe-regex/safe-regex';

// Each pattern is checked against JavaScript's own RegExp on every subject: same answers, other engine.
const CASES: Array<[string, string, string[]]> = [
  ['abc', '', ['abc', 'xxabcxx', 'ab', 'ABC', '']],
  ['^ab+c$', '', ['abc', 'abbbbc', 'ac', 'xabc', 'abcx']],
  ['colou?r', '', ['color', 'colour', 'colouur']],
  ['a{2,3}', '', ['a', 'aa', 'xaaax']],
  ['^a{2}$', '', ['a', 'aa', 'aaa']],
  ['^a{2,}$', '', ['a', 'aa', 'aaaaaa']],
  ['gr(a|e)y', '', ['gray', 'grey', 'groy']],
  ['^(?:cat|dog|bird)s?$', '', ['cats', 'dog', 'birds', 'cow', 'catdog']],
  ['^(?<year>\\d{4})-\\d\\d$', '', ['2024-05', '24-05', '2024-5']],
  ['[a-c]+\\d', '', ['abc1', 'd1', 'ccc', 'xb9']],
  ['^[^0-9]+$', '', ['abc', 'ab1', '']],
  ['[\\w.-]+@[\\w-]+\\.\\w+', '', ['a.b@c-d.io', 'nobody', '@x.y']],
  ['\\s\\S', '', ['a b', 'ab', ' \t']],
  ['\\bcat\\b', '', ['a cat sat', 'concat', 'cat']],
  ['\\Bcat', '', ['concat', 'cat']],
  ['a.c', '', ['abc', 'a\nc', 'ac']],
  ['a.c', 's', ['a\nc']],
  ['^b$', 'm', ['a\nb\nc', 'abc']],
  ['^b$', '', ['a\nb\nc']],
  ['HELLO', 'i', ['hello', 'HeLLo', 'help']],
  ['[a-z]+$', 'i', ['ABC', '123']],
  ['[^a]', 'i', ['A', 'a', 'b']],
  ['\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\\\/', '', ['.*+?()[]{}|^$\\/', 'x']],
  ['\\x41\\u00e9', '', ['Aé', 'A']],
  ['[\\-a]', '', ['-', 'a', 'b']],
  ['[a-]', '', ['-', 'a', 'b']],
  ['x{', '', ['x{', 'x']],
  ['(a*)*b', '', ['aaab', 'aaa', 'b']],
  ['(|a)+c', '', ['c', 'aac']],
  ['a+?b', '', ['aab']],
  ['é', 'i', ['É', 'e']],
];

describe('SafeRegex', () => {
  it.each(CASES)('When /%s/%s is tested, Then it answers like RegExp', (pattern, flags, subjects) => {
    const safe = new SafeRegex(pattern, flags);
    const native = new RegExp(pattern, flags);
    for (const subject of subjects) expect([subject, safe.test(subject)]).toEqual([subject, native.test(subject)]);
  });

  it('When a catastrophic pattern meets a long near-match, Then it still answers, in linear steps', () => {
    const subject = `${'a'.repeat(5000)}!`;
    let steps = 0;
    const budget: StepBudget = { spend: (n) => (steps += n) };
    expect(new SafeRegex('^(a+)+$').test(subject, budget)).toBe(false);
    expect(new SafeRegex('(a|aa)*b').test(subject, budget)).toBe(false);
    expect(steps).toBeLessThan(5001 * 20 * 2);
  });

  it('When the step budget runs out, Then the test stops with the budget error', () => {
    let left = 100;
    const budget: StepBudget = {
      spend: (steps) => {
        left -= steps;
        if (left < 0) throw new Error('budget spent');
      },
    };
    expect(() => new SafeRegex('a*b').test('a'.repeat(1000), budget)).toThrow('budget spent');
  });

  it.each([
    ['(a)\\1', 'Backreferences'],
    ['a(?=b)', 'Lookahead'],
    ['(?<!a)b', 'Lookahead'],
    ['a{1000}', 'Repetition'],
    ['(a', 'Unterminated group'],
    ['a)', 'Unmatched'],
    ['[abc', 'Unterminated character class'],
    ['*a', 'Nothing to repeat'],
    ['^*', 'Nothing to repeat'],
    ['[z-a]', 'out of order'],
    ['\\p{L}', 'Unsupported escape'],
    ['(((a{50}){50}){50})', 'too complex'],
  ])('When the pattern is %s, Then it is refused (%s)', (pattern, message) => {
    expect(() => new SafeRegex(pattern)).toThrow(RegexSyntaxError);
    expect(() => new SafeRegex(pattern)).toThrow(message);
  });

  it('When the options hold an unknown flag, Then they are refused', () => {
    expect(() => new SafeRegex('a', 'g')).toThrow(RegexSyntaxError);
    expect(() => new SafeRegex('a', 'ii')).toThrow(RegexSyntaxError);
  });
});
