import { ChatMessage } from '../../../core/domain/llm/chat-message';
import { LlmProvider } from '../../../core/ports/llm-provider.port';
import { JsonObject, JsonValue } from '../../../core/shared/json';
import { argsObject, optionalEnum, optionalNumber, optionalString } from './capability-args';
import { CapabilityError } from './capability-error';
import { CapabilityCallContext, CapabilityHandler } from './capability-handler';

const DEFAULT_MAX_CALLS = 5;

/** Model calls one tool call may make under an `llm` grant (`maxCalls`, default 5), whichever method makes them. */
export function maxModelCalls(grant: JsonObject): number {
  return typeof grant.maxCalls === 'number' ? grant.maxCalls : DEFAULT_MAX_CALLS;
}
const MAX_MESSAGES = 100;
const MAX_PROMPT_CHARS = 400_000;
const ROLES = new Set(['system', 'user', 'assistant']);
const TASK = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** `llm.chat`: the platform's model, counted against the manifest's quota and the caller's run budget. */
export class LlmCapability implements CapabilityHandler {
  constructor(private readonly provider: LlmProvider) {}

  async handle(_method: string, rawArgs: JsonValue, context: CapabilityCallContext): Promise<JsonValue> {
    const args = argsObject(rawArgs, 'llm.chat');
    const messages = readMessages(args.messages);
    const maxCalls = maxModelCalls(context.grant);
    if (context.count() > maxCalls) throw new CapabilityError('quota_exceeded', `More than ${maxCalls} model calls in one tool call`);
    const response = await this.provider.chat({
      messages,
      model: optionalString(args, 'model', 'llm.chat'),
      temperature: optionalNumber(args, 'temperature', 'llm.chat'),
      maxTokens: optionalNumber(args, 'maxTokens', 'llm.chat'),
      responseFormat: optionalEnum(args, 'responseFormat', ['text', 'json'], 'llm.chat'),
      task: readTask(args.task),
      budget: context.budget,
      signal: context.signal,
    });
    return { content: response.content, model: response.model, usage: { ...response.usage } };
  }
}

function readMessages(raw: JsonValue | undefined): ChatMessage[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_MESSAGES) {
    throw new CapabilityError('invalid_argument', `llm.chat: "messages" must be an array of 1 to ${MAX_MESSAGES} messages`);
  }
  let chars = 0;
  const messages = raw.map((m, i) => {
    if (typeof m !== 'object' || m === null || Array.isArray(m) || typeof m.role !== 'string' || !ROLES.has(m.role) || typeof m.content !== 'string') {
      throw new CapabilityError('invalid_argument', `llm.chat: messages[${i}] must be {role: system|user|assistant, content: string}`);
    }
    chars += m.content.length;
    return { role: m.role as ChatMessage['role'], content: m.content };
  });
  if (chars > MAX_PROMPT_CHARS) throw new CapabilityError('too_large', 'llm.chat: the messages are too long');
  return messages;
}

function readTask(raw: JsonValue | undefined): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string' || !TASK.test(raw)) {
    throw new CapabilityError('invalid_argument', 'llm.chat: "task" must be 1 to 64 letters, digits, "_", "." or "-"');
  }
  return raw;
}
