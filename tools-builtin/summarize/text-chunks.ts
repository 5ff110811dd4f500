/**
 * Splits text into at most `maxChunks` pieces of about `maxChars`, cutting at paragraph, then
 * sentence, then word boundaries; pieces are in order and join back to the text's content.
 */
export function splitIntoChunks(text: string, maxChars: number, maxChunks: number): string[] {
  const pieces = atoms(text.trim(), maxChars);
  const chunks: string[] = [];
  for (const piece of pieces) {
    const last = chunks.length - 1;
    if (last >= 0 && chunks[last].length + piece.length + 1 <= maxChars) chunks[last] += `\n${piece}`;
    else chunks.push(piece);
  }
  while (chunks.length > maxChunks) mergeSmallestNeighbours(chunks);
  return chunks.length > 0 ? chunks : [text];
}

/** Paragraphs, or sentences of a paragraph too long, or word runs of a sentence too long. */
function atoms(text: string, maxChars: number): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .flatMap((paragraph) => (paragraph.length <= maxChars ? [paragraph] : splitSentences(paragraph, maxChars)));
}

function splitSentences(paragraph: string, maxChars: number): string[] {
  const sentences = paragraph.match(/[^.!?。！？]+(?:[.!?。！？]+|$)\s*/g) ?? [paragraph];
  return sentences.flatMap((sentence) => (sentence.length <= maxChars ? [sentence.trim()] : hardSplit(sentence, maxChars)));
}

function hardSplit(sentence: string, maxChars: number): string[] {
  const parts: string[] = [];
  let rest = sentence.trim();
  while (rest.length > maxChars) {
    const space = rest.lastIndexOf(' ', maxChars);
    const cut = space > maxChars / 2 ? space : maxChars;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  return rest ? [...parts, rest] : parts;
}

function mergeSmallestNeighbours(chunks: string[]): void {
  let best = 0;
  for (let i = 1; i < chunks.length - 1; i += 1) {
    if (chunks[i].length + chunks[i + 1].length < chunks[best].length + chunks[best + 1].length) best = i;
  }
  chunks.splice(best, 2, `${chunks[best]}\n${chunks[best + 1]}`);
}
