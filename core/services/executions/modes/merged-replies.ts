/** One reply as is; several as `[label]` sections, so the agent reading them can tell them apart. */
export function mergedReplies(entries: ReadonlyArray<{ label: string; reply: string }>): string {
  if (entries.length === 1) return entries[0].reply;
  return entries.map((entry) => `[${entry.label}]\n${entry.reply}`).join('\n\n');
}
