import { segmentInPieces } from '../../plugins/tool-lib/segment-in-pieces';

interface Input {
  text: string;
  words_per_minute?: number;
  cjk_characters_per_minute?: number;
}

interface Output {
  characters: number;
  characters_excluding_spaces: number;
  bytes_utf8: number;
  words: number;
  cjk_characters: number;
  lines: number;
  sentences: number;
  paragraphs: number;
  reading_time_seconds: number;
  reading_time_minutes: number;
}

// Chinese and Japanese are written without spaces: each character is counted as a word (as word
// processors do) and read at a character rate. Korean separates words with spaces.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const WHITESPACE = /^\s+$/u;

export default function textStats(input: Input): Output {
  const { text } = input;
  const { words, cjk } = countWords(text);
  const minutes = (words - cjk) / (input.words_per_minute ?? 230) + cjk / (input.cjk_characters_per_minute ?? 400);
  const seconds = Math.round(minutes * 60);
  const characters = countCharacters(text);
  return {
    characters: characters.all,
    characters_excluding_spaces: characters.visible,
    bytes_utf8: utf8Length(text),
    words,
    cjk_characters: cjk,
    lines: countLines(text),
    sentences: countSentences(text),
    paragraphs: text.split(/\r?\n[ \t]*\r?\n/).filter((block) => block.trim() !== '').length,
    reading_time_seconds: seconds,
    reading_time_minutes: Math.round(seconds / 6) / 10,
  };
}

function countWords(text: string): { words: number; cjk: number } {
  let words = 0;
  let cjk = 0;
  const segmenter = new Intl.Segmenter('und', { granularity: 'word' });
  for (const segment of segmentInPieces(segmenter, text)) {
    if (!segment.isWordLike) continue;
    const ideographs = segment.segment.match(CJK)?.length ?? 0;
    cjk += ideographs;
    words += ideographs > 0 ? ideographs : 1;
  }
  return { words, cjk };
}

function countCharacters(text: string): { all: number; visible: number } {
  let all = 0;
  let visible = 0;
  for (const { segment } of segmentInPieces(new Intl.Segmenter('und', { granularity: 'grapheme' }), text)) {
    all += 1;
    if (!WHITESPACE.test(segment)) visible += 1;
  }
  return { all, visible };
}

function countSentences(text: string): number {
  let sentences = 0;
  for (const { segment } of segmentInPieces(new Intl.Segmenter('und', { granularity: 'sentence' }), text)) {
    if (HAS_LETTER_OR_DIGIT.test(segment)) sentences += 1;
  }
  return sentences;
}

function countLines(text: string): number {
  if (text === '') return 0;
  return text.replace(/(?:\r\n|\r|\n)$/, '').split(/\r\n|\r|\n/).length;
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
