import { CharTest, RegexFlags, RegexNode, RegexSyntaxError } from './regex-syntax';

/** Largest `{n,m}` bound; bigger repetitions multiply the program size. */
export const MAX_REPEAT = 100;

const isDigit: CharTest = (c) => c >= 48 && c <= 57;
const isWord: CharTest = (c) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
// JavaScript's \s: ASCII blanks, NBSP, the Unicode space separators, line and paragraph separators, BOM.
const isSpace: CharTest = (c) =>
  (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
const isLineTerminator: CharTest = (c) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
const not = (test: CharTest): CharTest => (c) => !test(c);
const SYNTAX = '^$\\.*+?()[]{}|/-';
const SHORTHANDS: Record<string, CharTest> = {
  d: isDigit,
  D: not(isDigit),
  w: isWord,
  W: not(isWord),
  s: isSpace,
  S: not(isSpace),
};

/**
 * Parses the JavaScript regular-expression subset a linear-time matcher can run: literals,
 * `.`, classes, `\d \w \s` and their negations, `^ $ \b \B`, groups, `|`, and the
 * quantifiers `* + ? {n} {n,} {n,m}` (lazy forms accepted; for a yes/no match they are the
 * same). Backreferences and lookarounds are refused: they are what makes matching exponential.
 */
export function parseRegex(pattern: string, flags: RegexFlags): RegexNode {
  const parser = new Parser(pattern, flags);
  const node = parser.alternation();
  if (!parser.done()) throw new RegexSyntaxError(`Unmatched ")" at position ${parser.position}`);
  return node;
}

class Parser {
  position = 0;

  constructor(
    private readonly source: string,
    private readonly flags: RegexFlags,
  ) {}

  done(): boolean {
    return this.position >= this.source.length;
  }

  alternation(): RegexNode {
    const options = [this.concatenation()];
    while (this.peek() === '|') {
      this.position += 1;
      options.push(this.concatenation());
    }
    return options.length === 1 ? options[0] : { kind: 'alt', options };
  }

  private concatenation(): RegexNode {
    const items: RegexNode[] = [];
    while (!this.done() && this.peek() !== '|' && this.peek() !== ')') items.push(this.quantified());
    return { kind: 'concat', items };
  }

  private quantified(): RegexNode {
    const atom = this.atom();
    const bounds = this.quantifier();
    if (!bounds) return atom;
    if (atom.kind === 'assert') throw new RegexSyntaxError('Nothing to repeat');
    if (this.peek() === '?') this.position += 1;
    return { kind: 'repeat', node: atom, min: bounds.min, max: bounds.max };
  }

  private quantifier(): { min: number; max: number } | undefined {
    const c = this.peek();
    if (c === '*' || c === '+' || c === '?') {
      this.position += 1;
      return { min: c === '+' ? 1 : 0, max: c === '?' ? 1 : Infinity };
    }
    if (c !== '{') return undefined;
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.position));
    if (!match) return undefined;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
    if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) throw new RegexSyntaxError(`Repetition counts above ${MAX_REPEAT} are not supported`);
    if (max < min) throw new RegexSyntaxError('Numbers out of order in {} quantifier');
    this.position += match[0].length;
    return { min, max };
  }

  private atom(): RegexNode {
    const c = this.next();
    switch (c) {
      case '(':
        return this.group();
      case '[':
        return this.charNode(this.characterClass());
      case '.':
        return this.charNode(this.flags.dotAll ? () => true : not(isLineTerminator), false);
      case '^':
        return { kind: 'assert', at: 'start' };
      case '$':
        return { kind: 'assert', at: 'end' };
      case '\\':
        return this.escape();
      case '*':
      case '+':
      case '?':
        throw new RegexSyntaxError('Nothing to repeat');
      default:
        return this.literal(c.charCodeAt(0));
    }
  }

  private group(): RegexNode {
    if (this.source.startsWith('?:', this.position)) this.position += 2;
    else if (/^\?<[A-Za-z_$][A-Za-z0-9_$]*>/.test(this.source.slice(this.position))) this.position = this.source.indexOf('>', this.position) + 1;
    else if (this.peek() === '?') throw new RegexSyntaxError('Lookahead and lookbehind are not supported');
    const inner = this.alternation();
    if (this.next() !== ')') throw new RegexSyntaxError('Unterminated group');
    return inner;
  }

  private escape(): RegexNode {
    const c = this.next();
    if (c === 'b') return { kind: 'assert', at: 'word' };
    if (c === 'B') return { kind: 'assert', at: 'not_word' };
    if (/[1-9]/.test(c)) throw new RegexSyntaxError('Backreferences are not supported');
    const escaped = this.escaped(c);
    return this.charNode(escaped.test, escaped.code !== undefined);
  }

  /** `\c` inside or outside a class: a class shorthand (no code) or one character (its code). */
  private escaped(c: string): { test: CharTest; code?: number } {
    const shorthand = SHORTHANDS[c];
    if (shorthand) return { test: shorthand };
    const code = this.escapedCode(c);
    return { test: equal(code), code };
  }

  private escapedCode(c: string): number {
    switch (c) {
      case 'n': return 10;
      case 'r': return 13;
      case 't': return 9;
      case 'f': return 12;
      case 'v': return 11;
      case '0': return 0;
      case 'x': return this.hex(2);
      case 'u': return this.hex(4);
      default:
        if (c !== '' && SYNTAX.includes(c)) return c.charCodeAt(0);
        throw new RegexSyntaxError(c === '' ? '\\ at end of pattern' : `Unsupported escape \\${c}`);
    }
  }

  private hex(digits: number): number {
    const text = this.source.slice(this.position, this.position + digits);
    if (!new RegExp(`^[0-9A-Fa-f]{${digits}}$`).test(text)) throw new RegexSyntaxError('Invalid hexadecimal escape');
    this.position += digits;
    return parseInt(text, 16);
  }

  private characterClass(): CharTest {
    const negated = this.peek() === '^';
    if (negated) this.position += 1;
    const parts: CharTest[] = [];
    // As in JavaScript, `[]` matches nothing and `[^]` anything.
    while (this.peek() !== ']') {
      if (this.done()) throw new RegexSyntaxError('Unterminated character class');
      const low = this.classAtom();
      if (this.peek() === '-' && this.position + 1 < this.source.length && this.source[this.position + 1] !== ']') {
        this.position += 1;
        const high = this.classAtom();
        if (low.code === undefined || high.code === undefined) throw new RegexSyntaxError('Invalid character class range');
        if (high.code < low.code) throw new RegexSyntaxError('Range out of order in character class');
        const [from, to] = [low.code, high.code];
        parts.push((c) => c >= from && c <= to);
      } else {
        parts.push(low.test);
      }
    }
    this.position += 1;
    const test = this.caseless((c) => parts.some((part) => part(c)));
    return negated ? not(test) : test;
  }

  private classAtom(): { test: CharTest; code?: number } {
    const c = this.next();
    if (c !== '\\') return { test: equal(c.charCodeAt(0)), code: c.charCodeAt(0) };
    const e = this.next();
    if (e === 'b') return { test: equal(8), code: 8 };
    return this.escaped(e);
  }

  private literal(code: number): RegexNode {
    return this.charNode(equal(code));
  }

  private charNode(test: CharTest, caseless = true): RegexNode {
    return { kind: 'char', test: caseless ? this.caseless(test) : test };
  }

  /** With the `i` flag, a test also accepts the other case of the character. */
  private caseless(test: CharTest): CharTest {
    if (!this.flags.ignoreCase) return test;
    return (c) => test(c) || test(otherCase(c, 'lower')) || test(otherCase(c, 'upper'));
  }

  private peek(): string {
    return this.source[this.position] ?? '';
  }

  private next(): string {
    const c = this.source[this.position] ?? '';
    this.position += 1;
    return c;
  }
}

function equal(code: number): CharTest {
  return (c) => c === code;
}

function otherCase(code: number, to: 'lower' | 'upper'): number {
  const char = String.fromCharCode(code);
  const changed = to === 'lower' ? char.toLowerCase() : char.toUpperCase();
  return changed.length === 1 ? changed.charCodeAt(0) : code;
}
