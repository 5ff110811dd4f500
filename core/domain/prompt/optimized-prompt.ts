const WHOLE_FENCE = /^```(?:markdown|md)?[ \t]*\n([\s\S]*?)\n?```$/i;

/**
 * The prompt as the user should receive it: a model that wraps its whole answer in one
 * ```markdown fence gets the fence removed; anything else is kept as written.
 */
export function cleanOptimizedPrompt(answer: string): string {
  const trimmed = answer.replace(/^\uFEFF/, '').trim();
  const fenced = WHOLE_FENCE.exec(trimmed);
  return (fenced ? fenced[1] : trimmed).trim();
}
