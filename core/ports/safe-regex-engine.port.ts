import { RegexCompilation, RegexFlags } from '../domain/data-source/document-query/regex-matcher';
import { token } from '../shared/token';

/**
 * Regular expressions written by users (a document query's `$regex`), run in time linear in
 * the text: no backtracking, so a pattern like `(a+)+$` cannot stall the host the way
 * JavaScript's `RegExp` can.
 */
export interface SafeRegexEngine {
  /**
   * Compiles `pattern` (RE2 syntax, which takes JavaScript's `\uXXXX` escapes and named groups
   * too). Constructs that need backtracking (backreferences, lookahead, lookbehind), malformed
   * patterns and patterns too large to run cheaply answer `ok: false` with the reason.
   */
  compile(pattern: string, flags: RegexFlags): RegexCompilation;
}

export const SAFE_REGEX_ENGINE = token<SafeRegexEngine>('SafeRegexEngine');
