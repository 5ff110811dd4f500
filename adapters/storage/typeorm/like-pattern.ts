/**
 * A LIKE pattern matching `text` anywhere, lower-cased, with `%` and `_` taken literally.
 * Use it as `LOWER(column) LIKE :pattern ESCAPE '!'`: `!` as the escape character reads the
 * same on SQLite and MySQL (a backslash does not).
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}
