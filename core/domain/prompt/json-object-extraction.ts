export type JsonRecord = Record<string, unknown>;

const FENCE = /```[a-zA-Z]*\s*\n?([\s\S]*?)```/g;
const MAX_CANDIDATE_STARTS = 20;

/**
 * The first JSON object in a model's answer, read leniently: the whole answer, a fenced
 * block, or the first balanced `{…}` amid prose; trailing commas are forgiven. Undefined
 * when no object can be read.
 */
export function extractJsonObject(answer: string): JsonRecord | undefined {
  const text = answer.replace(/^\uFEFF/, '').trim();
  const fenced = [...text.matchAll(FENCE)].map((match) => match[1]);
  for (const candidate of [text, ...fenced, ...balancedObjects(text)]) {
    const parsed = parseLeniently(candidate);
    if (parsed) return parsed;
  }
  return undefined;
}

function parseLeniently(candidate: string): JsonRecord | undefined {
  const attempts = [candidate, withoutTrailingCommas(candidate)];
  for (const attempt of attempts) {
    try {
      const value: unknown = JSON.parse(attempt);
      if (isRecord(value)) return value;
      if (Array.isArray(value) && value.length === 1 && isRecord(value[0])) return value[0];
    } catch {
      // try the next repair
    }
  }
  return undefined;
}

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withoutTrailingCommas(text: string): string {
  return text.replace(/,(\s*[}\]])/g, '$1');
}

/** Every balanced `{…}` span, outermost first, skipping braces inside strings. */
function* balancedObjects(text: string): Generator<string> {
  let starts = 0;
  for (let start = text.indexOf('{'); start >= 0 && starts < MAX_CANDIDATE_STARTS; start = text.indexOf('{', start + 1)) {
    starts += 1;
    const end = matchingBrace(text, start);
    if (end > start) yield text.slice(start, end + 1);
  }
}

function matchingBrace(text: string, start: number): number {
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
  return -1;
}
