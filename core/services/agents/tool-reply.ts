import { JsonValue } from '../../shared/json';

export interface ToolFailure {
  code: string;
  /** The tool's own reason for a `runtime_error` (`invalid_pattern`, `not_found`…), when it gave one. */
  reason?: string;
  message: string;
}

/** What a tool call answered, as the model reads it in the tool message. */
export type ToolReply = { success: true; result: JsonValue } | { success: false; error: ToolFailure };

const CUT_MARKER = ' …[truncated]';

/** Compact JSON of the reply, cut to `maxChars` so one large result cannot flood the context. */
export function toolMessageContent(reply: ToolReply, maxChars: number): string {
  return cutText(JSON.stringify(reply), maxChars);
}

/** The result as a run step keeps it: the value, or its JSON cut to `maxChars` when longer. */
export function boundedResult(result: JsonValue, maxChars: number): JsonValue {
  const json = JSON.stringify(result) ?? 'null';
  return json.length > maxChars ? cutText(json, maxChars) : result;
}

/** At most `maxChars` characters, ending in a marker when cut, never splitting a surrogate pair. */
export function cutText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const marker = maxChars > CUT_MARKER.length * 2 ? CUT_MARKER : '';
  let end = maxChars - marker.length;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end) + marker;
}
