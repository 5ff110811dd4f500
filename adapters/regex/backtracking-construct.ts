/**
 * The JavaScript regex constructs only a backtracking engine can run, named for an error
 * message: `Backreferences` (`\1`, `\k<name>`) or `Lookahead and lookbehind` (`(?=`, `(?!`,
 * `(?<=`, `(?<!`). Escapes and character classes are skipped, so `\\1` and `[(?=]` are not
 * mistaken for them.
 */
export function backtrackingConstruct(pattern: string): 'Backreferences' | 'Lookahead and lookbehind' | undefined {
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '\\') {
      const escaped = pattern[i + 1] ?? '';
      if (!inClass && /[1-9k]/.test(escaped)) return 'Backreferences';
      i += 1;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '(' && /^\(\?<?[=!]/.test(pattern.slice(i, i + 4))) {
      return 'Lookahead and lookbehind';
    }
  }
  return undefined;
}
