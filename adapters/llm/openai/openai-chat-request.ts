import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { ChatMessage, ToolDefinition } from '../../../core/domain/llm/chat-message';
import { ChatRequest } from '../../../core/ports/llm-provider.port';

export type OpenAiChatParams = Omit<ChatCompletionCreateParamsNonStreaming, 'stream'>;

/** OpenAI's newer models take `max_completion_tokens`; most compatible servers only know `max_tokens`. */
export type MaxTokensField = 'max_completion_tokens' | 'max_tokens';

// OpenAI refuses json_object mode unless a message mentions JSON.
const JSON_INSTRUCTION = 'Answer with one JSON object.';

export function toOpenAiParams(request: ChatRequest, model: string, maxTokensField: MaxTokensField): OpenAiChatParams {
  const wantsJson = request.responseFormat === 'json';
  const messages = request.messages.map(toOpenAiMessage);
  if (wantsJson && !request.messages.some((m) => /json/i.test(m.content))) {
    messages.unshift({ role: 'system', content: JSON_INSTRUCTION });
  }
  return {
    model: request.model ?? model,
    messages,
    ...(request.tools?.length ? { tools: request.tools.map(toOpenAiTool) } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.maxTokens !== undefined ? { [maxTokensField]: request.maxTokens } : {}),
    ...(wantsJson ? { response_format: { type: 'json_object' } } : {}),
  };
}

export function toOpenAiMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      return { role: 'user', content: message.content };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId ?? '', content: message.content };
    case 'assistant':
      if (!message.toolCalls?.length) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        content: message.content || null,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      };
  }
}

function toOpenAiTool(tool: ToolDefinition): ChatCompletionTool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } };
}
