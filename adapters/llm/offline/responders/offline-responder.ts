import { ChatMessage } from '../../../../core/domain/llm/chat-message';
import { ChatRequest } from '../../../../core/ports/llm-provider.port';
import { JsonObject, JsonValue } from '../../../../core/shared/json';

/** A structured prompt as the offline model reads it; see `responders/index.ts` for the protocol. */
export interface StructuredPrompt {
  /** The request's `task`, lower-cased; undefined when it has none. */
  task?: string;
  /** The system messages' text. */
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

export function readStructuredPrompt(request: Pick<ChatRequest, 'messages' | 'task'>): StructuredPrompt {
  const { messages } = request;
  const instructions = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n\n')
    .trim();
  const input = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  return { task: request.task?.toLowerCase(), instructions, input, inputJson: parseJson(input), messages };
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
