/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import { segmentInPieces } from '../../plugins/tool-lib/segment-in-pieces';

interface Input {
  text: string;
  mode: 'separator' | 'lines' | 'paragraphs' | 'sentences' | 'chunks';
  separator?: string;
  regex?: boolean;
  chunk_size?: number;
  overlap?: number;
  locale?: string;
  trim?: boolean;
  remove_empty?: boolean;
  max_parts?: number;
}

interface Output {
  parts: string[];
  count: number;
  truncated: boolean;
}

// The kernel refuses outputs over 1,048,576 characters of JSON; stopping short keeps a useful, truncated answer.
const OUTPUT_BUDGET = 900_000;

export default function textSplit(input: Input): Output {
  const parts = input.mode === 'chunks' ? chunks(input) : tidy(pieces(input), input);
  const kept = withinBudget(parts.slice(0, input.max_parts ?? 1000));
  return { parts: kept, count: parts.length, truncated: parts.length > kept.length };
}

function pieces(input: Input): string[] {
  switch (input.mode) {
    case 'lines':
      return input.text.split(/\r\n|\r|\n/);
    case 'paragraphs':
      return input.text.split(/(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)\s*/);
    case 'sentences':
      return sentences(input.text, input.locale ?? 'en');
    default:
      return bySeparator(input);
  }
}

function bySeparator(input: Input): string[] {
  if (input.separator === undefined) throw new ToolError('invalid_input', 'separator mode needs a separator');
  if (!input.regex) return input.text.split(input.separator);
  let pattern: RegExp;
  try {
    pattern = new RegExp(input.separator, 'u');
  } catch (error) {
    throw new ToolError('invalid_pattern', error instanceof Error ? error.message : String(error));
  }
  return input.text.split(pattern);
}

function sentences(text: string, locale: string): string[] {
  let segmenter: Intl.Segmenter;
  try {
    segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  } catch {
    throw new ToolError('invalid_locale', `Unknown locale ${JSON.stringify(locale)}`);
  }
  return Array.from(segmentInPieces(segmenter, text), (segment) => segment.segment);
}

function tidy(parts: string[], input: Input): string[] {
  // split() with a regex returns undefined for capture groups that did not take part.
  const strings = parts.map((part) => part ?? '');
  const trimmed = (input.trim ?? true) ? strings.map((part) => part.trim()) : strings;
  return (input.remove_empty ?? true) ? trimmed.filter((part) => part.trim() !== '') : trimmed;
}

function chunks(input: Input): string[] {
  const size = input.chunk_size ?? 1000;
  const overlap = input.overlap ?? 0;
  if (overlap >= size) throw new ToolError('invalid_input', `overlap (${overlap}) must be below chunk_size (${size})`);
  // Code points, so a chunk boundary never cuts a surrogate pair in half.
  const characters = Array.from(input.text);
  const step = size - overlap;
  const result: string[] = [];
  for (let start = 0; start < characters.length; start += step) {
    result.push(characters.slice(start, start + size).join(''));
    if (start + size >= characters.length) break;
  }
  return result;
}

function withinBudget(parts: string[]): string[] {
  let size = 0;
  const kept: string[] = [];
  for (const part of parts) {
    size += JSON.stringify(part).length + 1;
    if (size > OUTPUT_BUDGET) break;
    kept.push(part);
  }
  return kept;
}
