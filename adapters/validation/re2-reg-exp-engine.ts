import type { RegExpEngine, RegExpLike } from 'ajv/dist/types';
import { RE2JS } from 're2js';
import { MAX_PATTERN_CHARS, MAX_PATTERN_PROGRAM_SIZE } from './untrusted-schema-limits';

/**
 * Ajv's `code.regExp` for untrusted schemas: `pattern` and `patternProperties` run on RE2
 * (re2js), whose matching time is linear in the input, so `^(a+)+$` cannot hold the event loop.
 * A pattern must be valid ECMA-262 (the dialect JSON Schema names) and expressible in RE2:
 * backreferences and lookaround are refused rather than approximated.
 */
export const re2RegExpEngine: RegExpEngine = Object.assign((source: string, flags: string): RegExpLike => compiledPattern(source, flags), {
  code: 're2RegExpEngine',
});

/** Why `source` cannot be a pattern of an untrusted schema; undefined when it can. */
export function patternProblem(source: string): string | undefined {
  try {
    compiledPattern(source, 'u');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** RE2 steps per character of input at worst (the pattern's program size); the pattern must be usable. */
export function patternCharCost(source: string): number {
  return compiledPattern(source, 'u').programSize;
}

/** Patterns are checked by the bounds, then compiled by Ajv, often the same ones across schemas: each is compiled once. */
const PATTERN_CACHE_SIZE = 2000;
const patterns = new Map<string, Re2Pattern>();

function compiledPattern(source: string, flags: string): Re2Pattern {
  const key = `${flags}/${source}`;
  let pattern = patterns.get(key);
  if (pattern) patterns.delete(key);
  else pattern = new Re2Pattern(source, flags);
  patterns.set(key, pattern);
  if (patterns.size > PATTERN_CACHE_SIZE) patterns.delete(patterns.keys().next().value as string);
  return pattern;
}

class Re2Pattern implements RegExpLike {
  private readonly re2: RE2JS;

  constructor(
    private readonly source: string,
    private readonly flags: string,
  ) {
    if (source.length > MAX_PATTERN_CHARS) throw new Error(`must be at most ${MAX_PATTERN_CHARS} characters`);
    try {
      // Compiled only to check the syntax JSON Schema prescribes; a JavaScript RegExp never runs here.
      new RegExp(source, flags);
    } catch (error) {
      throw new Error(`is not a valid regular expression: ${(error as Error).message}`);
    }
    if (hasNamedBackreference(source)) throw unsupported('backreferences');
    try {
      this.re2 = RE2JS.compile(RE2JS.translateRegExp(source));
    } catch (error) {
      throw unsupported((error as Error).message);
    }
    // Matching is linear in the input but proportional to the program too: a bounded one keeps it cheap.
    if (this.re2.programSize() > MAX_PATTERN_PROGRAM_SIZE) {
      throw new Error(`is too large once compiled (${this.re2.programSize()} steps, at most ${MAX_PATTERN_PROGRAM_SIZE}); use smaller repetition counts`);
    }
  }

  get programSize(): number {
    return this.re2.programSize();
  }

  test(text: string): boolean {
    return this.re2.test(text);
  }

  /** Ajv shares one compiled pattern per distinct `toString()` within a schema. */
  toString(): string {
    return `re2:/${this.source}/${this.flags}`;
  }
}

function unsupported(detail: string): Error {
  return new Error(`is not supported by the linear-time matcher (no backreferences or lookaround): ${detail}`);
}

/** `\k<name>`: re2js's translation would turn it into the literal `k<name>`, silently. */
function hasNamedBackreference(source: string): boolean {
  for (let i = 0; i < source.length; i += 1) {
    if (source[i] !== '\\') continue;
    if (source[i + 1] === 'k') return true;
    i += 1;
  }
  return false;
}
