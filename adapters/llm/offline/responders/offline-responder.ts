import { ChatMessage } from '../../../../core/domain/llm/chat-message';
import { JsonObject, JsonValue } from '../../../../core/shared/json';

/** A structured prompt as the offline model reads it; see `responders/index.ts` for the protocol. */
export interface StructuredPrompt {
  /** The name from the `#task:` line, lower-cased; undefined when there is none. */
  task?: string;
  /** The system text without the `#task:` line. */
  instructions: string;
  /** The last user message. */
  input: string;
  /** `input` parsed, when it is JSON. */
  inputJson?: JsonValue;
  messages: ReadonlyArray<ChatMessage>;
}

/** Answers one task offline; an object is sent as JSON, a string as it is. */
export interface OfflineResponder {
  readonly task: string;
  respond(prompt: StructuredPrompt): JsonObject | string;
}

const TASK_LINE = /^#task:\s*([A-Za-z0-9_.-]+)\s*$/;

export function readStructuredPrompt(messages: ReadonlyArray<ChatMessage>): StructuredPrompt {
  const systems = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const [firstLine, ...rest] = (systems[0] ?? '').split(/\r?\n/);
  const task = TASK_LINE.exec(firstLine.trim())?.[1]?.toLowerCase();
  const instructions = (task ? [rest.join('\n'), ...systems.slice(1)] : systems).join('\n\n').trim();
  const input = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  return { task, instructions, input, inputJson: parseJson(input), messages };
}

function parseJson(text: string): JsonValue | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed) as JsonValue;
  } catch {
    return undefined;
  }
}

/** The text a responder works on: the named fields of a JSON input joined, else the input itself. */
export function inputText(prompt: StructuredPrompt, fields: string[]): string {
  const json = prompt.inputJson;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return prompt.input;
  const parts = fields.map((field) => json[field]).filter((value): value is string => typeof value === 'string' && value.trim() !== '');
  return parts.length ? parts.join('. ') : prompt.input;
}
