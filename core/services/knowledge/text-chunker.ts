import { splitLongUnit, tailOf, TextUnit, textUnits } from './text-units';

/** A chunk and where it lies in the (line-ending-normalised) text: `[start, end)`. */
export interface TextChunk {
  content: string;
  start: number;
  end: number;
}

export interface ChunkingOptions {
  /** Upper bound of a chunk, in characters (UTF-16 code units). */
  size: number;
  /** Characters of the previous chunk repeated at the start of the next, within a paragraph. */
  overlap: number;
}

export const DEFAULT_CHUNKING: ChunkingOptions = { size: 800, overlap: 100 };

const HEADING = /^#{1,6}\s/;
const PARAGRAPH_SEPARATOR = '\n\n';

/**
 * Splits text into passages of at most `size` characters for embedding. Cuts fall, by
 * preference, between paragraphs, then between sentences (Latin and CJK full stops), then
 * at a space or comma. A markdown heading stays with the text under it, and starts a new
 * chunk once the current one is a quarter full, so sections are not mixed. A chunk that
 * breaks a paragraph starts with the last ~`overlap` characters of the previous one, so a
 * thought cut in two is still found whole; a paragraph break needs no overlap.
 */
export function chunkText(text: string, options: ChunkingOptions = DEFAULT_CHUNKING): string[] {
  return chunkTextWithOffsets(text, options).map((chunk) => chunk.content);
}

/** `chunkText` with each chunk's span in the text, which citations point to. */
export function chunkTextWithOffsets(text: string, options: ChunkingOptions = DEFAULT_CHUNKING): TextChunk[] {
  checkOptions(options);
  // Room for the overlap and a paragraph separator, so any unit fits after them.
  const units = textUnits(text).flatMap((unit) => splitLongUnit(unit, options.size - options.overlap - PARAGRAPH_SEPARATOR.length));
  const paragraphRest = remainingParagraphLengths(units);
  const chunks: TextChunk[] = [];
  let current: TextUnit[] = [];

  const close = (next: TextUnit): void => {
    const heading = carriedHeading(current);
    const carried = heading && unitLength(heading) + unitLength(next) <= options.size ? heading : undefined;
    const body = carried ? current.slice(0, -1) : current;
    chunks.push(render(body));
    const last = body[body.length - 1];
    current = carried ? [carried] : last.endsParagraph ? [] : overlapOf(body, options.overlap);
  };

  units.forEach((unit, i) => {
    const length = lengthOf(current);
    const startsParagraph = i === 0 || units[i - 1].endsParagraph;
    if (length > 0 && length + unitLength(unit) > options.size) close(unit);
    else if (length >= options.size / 2 && startsParagraph && length + paragraphRest[i] > options.size) close(unit);
    else if (length >= options.size / 4 && startsParagraph && HEADING.test(unit.text)) close(unit);
    current.push(unit);
  });
  if (current.some((unit) => unit.text.trim() !== '')) chunks.push(render(current));
  return chunks.filter((chunk) => chunk.content !== '');
}

function checkOptions({ size, overlap }: ChunkingOptions): void {
  if (!Number.isInteger(size) || size < 20) throw new RangeError('chunk size must be an integer of at least 20');
  if (!Number.isInteger(overlap) || overlap < 0 || overlap * 2 > size) {
    throw new RangeError('chunk overlap must be an integer between 0 and half the chunk size');
  }
}

function unitLength(unit: TextUnit): number {
  return unit.text.length + (unit.endsParagraph ? PARAGRAPH_SEPARATOR.length : 0);
}

function lengthOf(units: TextUnit[]): number {
  return units.reduce((sum, unit) => sum + unitLength(unit), 0);
}

function render(units: TextUnit[]): TextChunk {
  const content = units
    .map((unit) => (unit.endsParagraph ? unit.text.trimEnd() + PARAGRAPH_SEPARATOR : unit.text))
    .join('')
    .trim();
  if (units.length === 0) return { content, start: 0, end: 0 };
  const first = units[0];
  const last = units[units.length - 1];
  const start = first.start + (first.text.length - first.text.trimStart().length);
  return { content, start, end: Math.max(start, last.start + last.text.trimEnd().length) };
}

/** For each unit, the length of its paragraph from that unit on. */
function remainingParagraphLengths(units: TextUnit[]): number[] {
  const rest = new Array<number>(units.length).fill(0);
  for (let i = units.length - 1; i >= 0; i -= 1) {
    rest[i] = unitLength(units[i]) + (units[i].endsParagraph || i === units.length - 1 ? 0 : rest[i + 1]);
  }
  return rest;
}

/** A heading that would end a chunk moves to the next one, where its text is. */
function carriedHeading(units: TextUnit[]): TextUnit | undefined {
  const last = units[units.length - 1];
  return units.length > 1 && HEADING.test(last.text) ? last : undefined;
}

/** Whole trailing sentences that fit in `overlap`, else the tail of the last one. */
function overlapOf(units: TextUnit[], overlap: number): TextUnit[] {
  if (overlap === 0) return [];
  const kept: TextUnit[] = [];
  let length = 0;
  for (let i = units.length - 1; i >= 0 && length + unitLength(units[i]) <= overlap; i -= 1) {
    kept.unshift(units[i]);
    length += unitLength(units[i]);
  }
  if (kept.length > 0) return kept;
  const last = units[units.length - 1];
  const tail = tailOf(last.text, overlap);
  // The tail is a suffix of the unit's text, so it ends where the unit ends.
  return tail.trim() === '' ? [] : [{ text: tail, endsParagraph: false, start: last.start + last.text.length - tail.length }];
}
