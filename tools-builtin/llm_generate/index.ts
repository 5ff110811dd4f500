/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { llm, LlmMessage } from 'kernel:api';

interface Input {
  prompt: string;
  system?: string;
  temperature?: number;
  max_tokens?: number;
}

interface Output {
  text: string;
  model: string;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

export default async function llmGenerate(input: Input): Promise<Output> {
  const messages: LlmMessage[] = input.system ? [{ role: 'system', content: input.system }] : [];
  messages.push({ role: 'user', content: input.prompt });
  const response = await llm.chat({ messages, temperature: input.temperature, maxTokens: input.max_tokens });
  return {
    text: response.content,
    model: response.model,
    usage: {
      prompt_tokens: response.usage.promptTokens,
      completion_tokens: response.usage.completionTokens,
      total_tokens: response.usage.totalTokens,
    },
  };
}
