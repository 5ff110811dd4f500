const FENCE = /```[a-zA-Z]*[^\S\n]*\n?([\s\S]*?)(?:```|$)/g;
const MAX_OBJECT_STARTS = 20;

/**
 * Where a JSON object may sit in a model's answer, most likely first: the whole answer, each
 * fenced block (an unclosed fence runs to the end), then each `{…}` span amid prose, from an
 * opening brace to its match or, in an answer cut off midway, to the end.
 */
export function objectCandidates(answer: string): string[] {
  const text = answer.replace(/^\uFEFF/, '').trim();
  const fenced = [...text.matchAll(FENCE)].map((match) => match[1].trim());
  return [...new Set([text, ...fenced, ...braceSpans(text)])].filter((candidate) => candidate.length > 0);
}

function braceSpans(text: string): string[] {
  const spans: string[] = [];
  for (let start = text.indexOf('{'); start >= 0 && spans.length < MAX_OBJECT_STARTS; start = text.indexOf('{', start + 1)) {
    spans.push(text.slice(start, closingBrace(text, start) + 1));
  }
  return spans;
}

/** The index of the brace that closes the one at `start`, skipping braces in strings; the last index when none does. */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{') {
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return text.length - 1;
}
