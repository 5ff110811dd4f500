/** Tool input must be an object; arguments that do not parse to one become `{}`. */
export function parseToolInput(args: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(args || '{}');
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Cuts the JSON object out of an answer that wraps it in prose or code fences;
 * an answer with no parseable object comes back unchanged.
 */
export function extractJsonObject(text: string): string {
  const candidates = [text.trim(), fenced(text), outermostBraces(text)];
  for (const candidate of candidates) {
    if (candidate && parsesToObject(candidate)) return candidate;
  }
  return text;
}

function fenced(text: string): string | undefined {
  return /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1]?.trim();
}

function outermostBraces(text: string): string | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start >= 0 && end > start ? text.slice(start, end + 1) : undefined;
}

function parsesToObject(candidate: string): boolean {
  try {
    const value: unknown = JSON.parse(candidate);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}
