import { RE2JS } from 're2js';
import { RegexCompilation, RegexFlags } from '../../core/domain/data-source/document-query/regex-matcher';
import { SafeRegexEngine } from '../../core/ports/safe-regex-engine.port';
import { backtrackingConstruct } from './backtracking-construct';

/** Instructions a compiled pattern may have: each costs up to one step per character of text. */
const MAX_PROGRAM_SIZE = 5_000;

/** RE2 (the linear-time engine of Go and Google) in pure JavaScript. */
export class Re2JsSafeRegexEngine implements SafeRegexEngine {
  compile(pattern: string, flags: RegexFlags): RegexCompilation {
    // Checked first: RE2JS's JavaScript translation reads `\k<name>` as the letters `k<name>`.
    const construct = backtrackingConstruct(pattern);
    if (construct) return { ok: false, problem: `${construct} are not supported: $regex runs in linear time` };
    let compiled: RE2JS;
    try {
      compiled = RE2JS.compile(RE2JS.translateRegExp(pattern), flagBits(flags));
    } catch (error) {
      const reason = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
      return { ok: false, problem: `Invalid pattern: ${reason}` };
    }
    const size = compiled.programSize();
    if (size > MAX_PROGRAM_SIZE) {
      return { ok: false, problem: `The pattern is too complex (${size} instructions, at most ${MAX_PROGRAM_SIZE}); use smaller repetition counts` };
    }
    return { ok: true, matcher: { test: (text) => compiled.test(text), stepsPerChar: size } };
  }
}

function flagBits(flags: RegexFlags): number {
  return (flags.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (flags.multiline ? RE2JS.MULTILINE : 0) | (flags.dotAll ? RE2JS.DOTALL : 0);
}
