/** A character predicate over UTF-16 code units. */
export type CharTest = (code: number) => boolean;

export type RegexNode =
  | { kind: 'char'; test: CharTest }
  | { kind: 'assert'; at: 'start' | 'end' | 'word' | 'not_word' }
  | { kind: 'concat'; items: RegexNode[] }
  | { kind: 'alt'; options: RegexNode[] }
  | { kind: 'repeat'; node: RegexNode; min: number; max: number };

export interface RegexFlags {
  ignoreCase: boolean;
  multiline: boolean;
  dotAll: boolean;
}

/** A pattern outside the supported subset, or malformed; the message says which. */
export class RegexSyntaxError extends Error {}
