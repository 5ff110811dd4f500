import { TokenUsage, ToolCall } from '../../../core/domain/llm/chat-message';
import { ChatRequest, ChatResponse, ChatStreamEvent, LlmProvider } from '../../../core/ports/llm-provider.port';
import { toLlmError } from '../upstream-failure';
import { composeOfflineReply, OfflineReply } from './offline-reply';
import { estimateTokens, splitIntoWordTokens } from './offline-text';
import { OFFLINE_RESPONDERS, OfflineResponder } from './responders';

export const OFFLINE_MODEL = 'offline-1';
// Per-message framing, as chat models count it.
const TOKENS_PER_MESSAGE = 4;

/**
 * A deterministic, network-free model for demos and tests. It never pretends to be a
 * real model: its text says it comes from the offline model.
 */
export class OfflineLlmProvider implements LlmProvider {
  readonly name = 'offline';

  constructor(
    private readonly model: string = OFFLINE_MODEL,
    private readonly responders: ReadonlyArray<OfflineResponder> = OFFLINE_RESPONDERS,
  ) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    if (request.signal?.aborted) throw toLlmError(this.name, { kind: 'aborted' });
    const reply = composeOfflineReply(request, this.responders);
    return { ...reply, usage: usageOf(request, reply), model: this.model };
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
    const response = await this.chat(request);
    for (const content of splitIntoWordTokens(response.content)) {
      if (request.signal?.aborted) throw toLlmError(this.name, { kind: 'aborted' });
      yield { type: 'token', content };
    }
    for (const toolCall of response.toolCalls) yield { type: 'tool_call', toolCall };
    yield { type: 'usage', usage: response.usage };
    yield { type: 'done', finishReason: response.finishReason, model: response.model };
  }
}

function usageOf(request: ChatRequest, reply: OfflineReply): TokenUsage {
  const messages = request.messages.reduce((sum, m) => sum + TOKENS_PER_MESSAGE + estimateTokens(m.content + callsText(m.toolCalls)), 0);
  const prompt = messages + (request.tools?.length ? estimateTokens(JSON.stringify(request.tools)) : 0);
  const completion = Math.max(1, estimateTokens(reply.content + callsText(reply.toolCalls)));
  return { promptTokens: prompt, completionTokens: completion, totalTokens: prompt + completion };
}

function callsText(calls: ToolCall[] | undefined): string {
  return (calls ?? []).map((call) => call.name + call.arguments).join('');
}
