import OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { ChatRequest, ChatResponse, ChatStreamEvent, LlmProvider } from '../../../core/ports/llm-provider.port';
import { MaxTokensField, toOpenAiParams } from './openai-chat-request';
import { toChatResponse } from './openai-chat-response';
import { mapOpenAiError } from './openai-error-mapper';
import { OpenAiStreamAssembler } from './openai-stream-assembler';

export interface OpenAiCompatibleSettings {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  model: string;
  maxTokensField?: MaxTokensField;
  /** Default: the global fetch. A user-supplied base URL gets the egress guard's (`egressFetch`). */
  fetch?: typeof fetch;
}

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/**
 * Chat over the OpenAI chat completions API, or any server that speaks it. The SDK
 * never retries (`maxRetries: 0`): `RetryingLlmProvider` does, so every attempt is counted.
 */
export class OpenAiLlmProvider implements LlmProvider {
  private readonly client: OpenAI;
  private readonly maxTokensField: MaxTokensField;

  constructor(
    private readonly settings: OpenAiCompatibleSettings,
    readonly name: string = 'openai',
  ) {
    this.client = new OpenAI({
      apiKey: settings.apiKey,
      baseURL: settings.baseUrl,
      timeout: settings.timeoutMs,
      maxRetries: 0,
      organization: null,
      project: null,
      ...(settings.fetch ? { fetch: settings.fetch } : {}),
    });
    this.maxTokensField = settings.maxTokensField ?? 'max_completion_tokens';
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const params = this.params(request);
    const started = Date.now();
    try {
      const completion = await this.client.chat.completions.create({ ...params, stream: false }, { signal: request.signal });
      return toChatResponse(completion, params.model);
    } catch (error) {
      throw this.failure(error, started);
    }
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
    const params = this.params(request);
    const assembler = new OpenAiStreamAssembler();
    const started = Date.now();
    let chunks: AsyncIterable<ChatCompletionChunk>;
    try {
      chunks = await this.client.chat.completions.create({ ...params, stream: true, stream_options: { include_usage: true } }, { signal: request.signal });
    } catch (error) {
      throw this.failure(error, started);
    }
    try {
      for await (const chunk of chunks) {
        yield* assembler.accept(chunk);
      }
    } catch (error) {
      throw this.failure(error);
    }
    yield* assembler.finish(params.model);
  }

  /** `started` is given until the answer has begun: only then can a failure be the timeout. */
  private failure(error: unknown, started?: number): unknown {
    if (started === undefined) return mapOpenAiError(this.name, error, { duringStream: true });
    return mapOpenAiError(this.name, error, { pastDeadline: Date.now() - started >= this.settings.timeoutMs });
  }

  private params(request: ChatRequest) {
    return toOpenAiParams(request, this.settings.model, this.maxTokensField);
  }
}
