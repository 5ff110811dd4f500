/** `$regex` options as MongoDB spells them (`$options: "ims"`). */
export interface RegexFlags {
  ignoreCase: boolean;
  multiline: boolean;
  dotAll: boolean;
}

/** A compiled `$regex`. */
export interface RegexMatcher {
  /** Whether the pattern matches anywhere in `text`, in time linear in its length. */
  test(text: string): boolean;
  /** The most steps one character of input can cost: what a test is charged against the query's budget. */
  readonly stepsPerChar: number;
}

/** A matcher, or one sentence saying why the pattern cannot be one (malformed, or a construct a linear-time engine lacks). */
export type RegexCompilation = { ok: true; matcher: RegexMatcher } | { ok: false; problem: string };

/** How a query compiles its `$regex` patterns: given by the caller, which has a `SafeRegexEngine`. */
export type CompileRegex = (pattern: string, flags: RegexFlags) => RegexCompilation;

/** `$options`: any of `i`, `m` and `s`, each at most once; undefined for anything else. */
export function regexFlags(options: string): RegexFlags | undefined {
  if (!/^[ims]*$/.test(options) || new Set(options).size !== options.length) return undefined;
  return { ignoreCase: options.includes('i'), multiline: options.includes('m'), dotAll: options.includes('s') };
}
