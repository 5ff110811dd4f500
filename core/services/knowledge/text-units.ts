/** A sentence (or a line, or a piece of an over-long sentence) with its trailing whitespace. */
export interface TextUnit {
  text: string;
  /** The last unit of its paragraph. */
  endsParagraph: boolean;
  /** Where `text` starts in the text it was cut from (line endings normalised to `\n`). */
  start: number;
}

// Full stops of Chinese and Japanese end a sentence without a following space.
const CJK_TERMINATORS = new Set(['。', '！', '？', '；', '…']);
const LATIN_TERMINATORS = new Set(['.', '!', '?']);
const CLOSERS = new Set(['"', "'", '”', '’', '」', '』', ')', '）', ']', '】', '》']);
const PARAGRAPH_BREAK = /\n[ \t]*\n\s*/g;
// "e.g.", "U.S.", "Dr." and the like end with a stop but rarely end a sentence.
const ABBREVIATION = /(?:^|[\s(])(?:(?:[A-Za-z]\.)*[A-Za-z]|mr|mrs|ms|dr|prof|st|vs|inc|ltd|jr|sr|no|fig|approx|cf)$/i;

/** Line endings as the chunker sees them: offsets of units and chunks refer to this text. */
export function normalisedLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** Splits text into paragraphs (blank lines) and each paragraph into sentences and lines. */
export function textUnits(text: string): TextUnit[] {
  const units: TextUnit[] = [];
  const normalised = normalisedLineEndings(text);
  let paragraphStart = 0;
  const addParagraph = (end: number): void => {
    const paragraph = normalised.slice(paragraphStart, end);
    const trimmed = paragraph.trim();
    if (trimmed === '') return;
    const offset = paragraphStart + (paragraph.length - paragraph.trimStart().length);
    const sentences = sentencesOf(trimmed);
    sentences.forEach(({ text: sentence, start }, i) => units.push({ text: sentence, endsParagraph: i === sentences.length - 1, start: offset + start }));
  };
  for (const separator of normalised.matchAll(PARAGRAPH_BREAK)) {
    addParagraph(separator.index);
    paragraphStart = separator.index + separator[0].length;
  }
  addParagraph(normalised.length);
  return units;
}

function sentencesOf(paragraph: string): { text: string; start: number }[] {
  const sentences: { text: string; start: number }[] = [];
  let start = 0;
  let i = 0;
  while (i < paragraph.length) {
    const end = sentenceEnd(paragraph, i);
    if (end === undefined) {
      i += 1;
      continue;
    }
    let next = end;
    while (next < paragraph.length && /\s/.test(paragraph[next])) next += 1;
    sentences.push({ text: paragraph.slice(start, next), start });
    start = next;
    i = next;
  }
  if (start < paragraph.length) sentences.push({ text: paragraph.slice(start), start });
  return sentences;
}

/** Where a sentence ending at `i` stops (after its terminators and closing quotes), if one does. */
function sentenceEnd(text: string, i: number): number | undefined {
  const char = text[i];
  if (char === '\n') return i + 1;
  const cjk = CJK_TERMINATORS.has(char);
  if (!cjk && !LATIN_TERMINATORS.has(char)) return undefined;
  let end = i + 1;
  while (end < text.length && (CJK_TERMINATORS.has(text[end]) || LATIN_TERMINATORS.has(text[end]))) end += 1;
  while (end < text.length && CLOSERS.has(text[end])) end += 1;
  if (cjk || end === text.length) return end;
  // "3.14" and "file.txt" do not end a sentence: a Latin stop needs a space after it.
  if (!/\s/.test(text[end])) return undefined;
  return char === '.' && ABBREVIATION.test(text.slice(Math.max(0, i - 12), i)) ? undefined : end;
}

const SOFT_BREAK = /[\s,，、;；:：]/;

/**
 * Cuts a unit longer than `max` into pieces of at most `max` characters, preferring a space
 * or a comma in the second half of each window, never inside a surrogate pair.
 */
export function splitLongUnit(unit: TextUnit, max: number): TextUnit[] {
  if (unit.text.length <= max) return [unit];
  const pieces: TextUnit[] = [];
  let rest = unit.text;
  let start = unit.start;
  while (rest.length > max) {
    const cut = cutPosition(rest, max);
    pieces.push({ text: rest.slice(0, cut), endsParagraph: false, start });
    rest = rest.slice(cut);
    start += cut;
  }
  if (rest.trim() !== '') pieces.push({ text: rest, endsParagraph: unit.endsParagraph, start });
  else if (pieces.length > 0) pieces[pieces.length - 1].endsParagraph = unit.endsParagraph;
  return pieces;
}

function cutPosition(text: string, max: number): number {
  for (let i = max; i > max / 2; i -= 1) {
    if (SOFT_BREAK.test(text[i - 1])) return i;
  }
  return isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
}

/** The end of `text`, at most `max` characters, starting after a space or at a CJK character. */
export function tailOf(text: string, max: number): string {
  if (text.length <= max) return text;
  let start = text.length - max;
  if (isLowSurrogate(text.charCodeAt(start))) start += 1;
  const tail = text.slice(start);
  const space = tail.search(/\s/);
  // Latin text: start at a word; CJK (no spaces in reach): any character will do.
  return space >= 0 && space < tail.length / 2 ? tail.slice(space).trimStart() : tail;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
