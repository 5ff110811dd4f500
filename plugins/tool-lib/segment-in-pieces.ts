/**
 * V8's Intl.Segmenter slows down with the square of the input length (each segment it yields
 * costs time proportional to the whole text), so a long text is segmented piece by piece. A piece
 * ends where the segmenter would break anyway (after a line break, after the end of a sentence,
 * before a space), so the segments are those of the whole text in all but rare cases; a text
 * shorter than one piece is segmented whole.
 */
const PIECE_LENGTH = 1000;
const PREFERRED_ENDS = [/\n/g, /[。！？]|[.!?]["')\]]*\s+(?=[\p{Lu}\p{N}])/gu];

export function* segmentInPieces(segmenter: Intl.Segmenter, text: string): Generator<Intl.SegmentData> {
  for (let start = 0; start < text.length;) {
    const end = pieceEnd(text, start);
    yield* segmenter.segment(text.slice(start, end));
    start = end;
  }
}

function pieceEnd(text: string, start: number): number {
  const limit = start + PIECE_LENGTH;
  if (limit >= text.length) return text.length;
  const window = text.slice(start, limit);
  for (const preferred of PREFERRED_ENDS) {
    let end = 0;
    for (const match of window.matchAll(preferred)) end = (match.index ?? 0) + match[0].length;
    if (end > 0) return start + end;
  }
  for (let i = window.length - 1; i > 0; i -= 1) {
    if (/\s/.test(window[i]) && !(window[i] === '\n' && window[i - 1] === '\r')) return start + i;
  }
  // One long run without spaces: cut anyway, but never between the halves of a surrogate pair.
  const code = text.charCodeAt(limit);
  return code >= 0xdc00 && code <= 0xdfff ? limit + 1 : limit;
}
