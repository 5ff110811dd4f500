import { RegexFlags, RegexMatcher } from '../../../core/domain/data-source/document-query/regex-matcher';
import { SafeRegexEngine } from '../../../core/ports/safe-regex-engine.port';

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
  ['(a*)*b', '', ['aaab', 'aaa', 'b']],
  ['(|a)+c', '', ['c', 'aac']],
  ['a+?b', '', ['aab']],
  ['é', 'i', ['É', 'e']],
  ['😀+', '', ['x😀😀', '😁']],
];

const flagsOf = (options: string): RegexFlags => ({ ignoreCase: options.includes('i'), multiline: options.includes('m'), dotAll: options.includes('s') });

/** What every SafeRegexEngine must do: JavaScript's answers on the supported syntax, in linear time, and clear refusals. */
export function describeSafeRegexEngineContract(name: string, makeEngine: () => SafeRegexEngine): void {
  describe(name, () => {
    const engine = makeEngine();
    const matcher = (pattern: string, options = ''): RegexMatcher => {
      const compiled = engine.compile(pattern, flagsOf(options));
      if (!compiled.ok) throw new Error(compiled.problem);
      return compiled.matcher;
    };

    it.each(CASES)('When /%s/%s is tested, Then it answers like RegExp', (pattern, options, subjects) => {
      const compiled = matcher(pattern, options);
      const native = new RegExp(pattern, options);
      for (const subject of subjects) expect([subject, compiled.test(subject)]).toEqual([subject, native.test(subject)]);
    });

    it('When a pattern that makes backtracking engines take exponential time meets a long near-match, Then it answers at once', () => {
      // RegExp needs about 2^n steps here; n = 30 already takes seconds, and this is 100,000.
      const subject = `${'a'.repeat(100_000)}!`;
      const started = process.hrtime.bigint();
      expect(matcher('^(a+)+$').test(subject)).toBe(false);
      expect(matcher('(a|aa)*b').test(subject)).toBe(false);
      expect(Number(process.hrtime.bigint() - started) / 1e9).toBeLessThan(20);
    });

    it('When backslashes, lookaround or digits appear escaped or inside a class, Then they are read literally, not refused', () => {
      expect(matcher('\\\\1').test('a\\1')).toBe(true);
      expect(matcher('[(?=]+x').test('(?=x')).toBe(true);
      expect(matcher('\\(\\?=').test('(?=')).toBe(true);
    });

    it('When a pattern compiles, Then its cost per character is the size of its program, small for small patterns', () => {
      expect(matcher('abc').stepsPerChar).toBeGreaterThan(0);
      expect(matcher('^(a+)+$').stepsPerChar).toBeLessThan(50);
      expect(matcher('a{1000}').stepsPerChar).toBeGreaterThan(matcher('a{10}').stepsPerChar);
    });

    it.each([
      ['(a)\\1', 'Backreferences are not supported'],
      ['(?<n>a)\\k<n>', 'Backreferences are not supported'],
      ['a(?=b)', 'Lookahead and lookbehind are not supported'],
      ['a(?!b)', 'Lookahead and lookbehind are not supported'],
      ['(?<!a)b', 'Lookahead and lookbehind are not supported'],
      ['(?<=a)b', 'Lookahead and lookbehind are not supported'],
      ['\\\\(?=x)', 'Lookahead and lookbehind are not supported'],
      ['(a', 'missing closing )'],
      ['a)', 'unexpected )'],
      ['[abc', 'missing closing ]'],
      ['*a', 'missing argument to repetition operator'],
      ['[z-a]', 'invalid character class range'],
      ['a{1001}', 'invalid repeat count'],
      ['(((a{50}){50}){50})', 'invalid repeat count'],
      ['[\\s\\S]{1000}[\\s\\S]{1000}[\\s\\S]{1000}[\\s\\S]{1000}[\\s\\S]{1000}[\\s\\S]{1000}', 'too complex'],
    ])('When the pattern is %s, Then it is refused: %s', (pattern, problem) => {
      const compiled = engine.compile(pattern, flagsOf(''));
      expect(compiled.ok).toBe(false);
      expect(compiled.ok ? '' : compiled.problem).toContain(problem);
    });
  });
}
