import type { ContentBlockParam, MessageCreateParamsNonStreaming, MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import { ChatMessage, ToolDefinition } from '../../../core/domain/llm/chat-message';
import { ChatRequest } from '../../../core/ports/llm-provider.port';
import { parseToolInput } from './anthropic-json';

export type AnthropicParams = Omit<MessageCreateParamsNonStreaming, 'stream'>;

// The Messages API has no JSON mode: the instruction goes into the system prompt and the
// answer's JSON object is cut out of whatever prose or fences surround it.
export const JSON_INSTRUCTION = 'Answer with one JSON object only: no prose, no code fences.';
// The API needs a user turn first; a conversation of system text alone gets a neutral one.
const OPENING_USER_TURN = 'Begin.';

export function toAnthropicParams(request: ChatRequest, model: string, defaultMaxTokens: number): AnthropicParams {
  const system = request.messages.filter((m) => m.role === 'system').map((m) => m.content);
  if (request.responseFormat === 'json') system.push(JSON_INSTRUCTION);
  return {
    model: request.model ?? model,
    max_tokens: request.maxTokens ?? defaultMaxTokens,
    messages: toAnthropicMessages(request.messages),
    ...(system.length ? { system: system.join('\n\n') } : {}),
    ...(request.tools?.length ? { tools: request.tools.map(toAnthropicTool) } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
  };
}

/** Consecutive turns of one role merge, so tool results of one step form one user turn. */
export function toAnthropicMessages(messages: ChatMessage[]): MessageParam[] {
  const turns: Array<{ role: 'user' | 'assistant'; content: ContentBlockParam[] }> = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = toBlocks(message);
    if (blocks.length === 0) continue;
    const last = turns[turns.length - 1];
    if (last?.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  }
  if (turns[0]?.role !== 'user') turns.unshift({ role: 'user', content: [{ type: 'text', text: OPENING_USER_TURN }] });
  return turns;
}

function toBlocks(message: ChatMessage): ContentBlockParam[] {
  if (message.role === 'tool') {
    return [{ type: 'tool_result', tool_use_id: message.toolCallId ?? '', ...(message.content ? { content: message.content } : {}) }];
  }
  const text: ContentBlockParam[] = message.content ? [{ type: 'text', text: message.content }] : [];
  const toolUses: ContentBlockParam[] = (message.toolCalls ?? []).map((call) => ({
    type: 'tool_use',
    id: call.id,
    name: call.name,
    input: parseToolInput(call.arguments),
  }));
  return [...text, ...toolUses];
}

function toAnthropicTool(tool: ToolDefinition): Tool {
  return { name: tool.name, description: tool.description, input_schema: { type: 'object', ...tool.parameters } };
}
