import Anthropic from '@anthropic-ai/sdk';
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { ChatRequest, ChatResponse, ChatStreamEvent, LlmProvider } from '../../../core/ports/llm-provider.port';
import { mapAnthropicError } from './anthropic-error-mapper';
import { AnthropicParams, toAnthropicParams } from './anthropic-messages-request';
import { toChatResponse } from './anthropic-messages-response';
import { AnthropicStreamAssembler } from './anthropic-stream-assembler';

export interface AnthropicSettings {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  model: string;
  /** The Messages API requires `max_tokens`; used when a request sets none. */
  defaultMaxTokens?: number;
  /** Default: the global fetch. A user-supplied base URL gets the egress guard's (`egressFetch`). */
  fetch?: typeof fetch;
}

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
const DEFAULT_MAX_TOKENS = 4096;

/**
 * Chat over the Anthropic Messages API; the SDK never retries (see `RetryingLlmProvider`).
 * JSON mode is an instruction plus, in `chat`, cutting the object out of the answer; a
 * stream passes the text through as the model writes it.
 */
export class AnthropicLlmProvider implements LlmProvider {
  readonly name = 'anthropic';
  private readonly client: Anthropic;

  constructor(private readonly settings: AnthropicSettings) {
    this.client = new Anthropic({
      apiKey: settings.apiKey,
      baseURL: settings.baseUrl,
      timeout: settings.timeoutMs,
      maxRetries: 0,
      ...(settings.fetch ? { fetch: settings.fetch } : {}),
    });
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const started = Date.now();
    try {
      const message = await this.client.messages.create({ ...this.params(request), stream: false }, { signal: request.signal });
      return toChatResponse(message, request.responseFormat === 'json');
    } catch (error) {
      throw this.failure(error, started);
    }
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
    const params = this.params(request);
    const assembler = new AnthropicStreamAssembler();
    const started = Date.now();
    let events: AsyncIterable<RawMessageStreamEvent>;
    try {
      events = await this.client.messages.create({ ...params, stream: true }, { signal: request.signal });
    } catch (error) {
      throw this.failure(error, started);
    }
    try {
      for await (const event of events) {
        yield* assembler.accept(event);
      }
    } catch (error) {
      throw this.failure(error);
    }
    yield* assembler.finish(params.model);
  }

  /** `started` is given until the answer has begun: only then can a failure be the timeout. */
  private failure(error: unknown, started?: number): unknown {
    if (started === undefined) return mapAnthropicError(this.name, error, { duringStream: true });
    return mapAnthropicError(this.name, error, { pastDeadline: Date.now() - started >= this.settings.timeoutMs });
  }

  private params(request: ChatRequest): AnthropicParams {
    return toAnthropicParams(request, this.settings.model, this.settings.defaultMaxTokens ?? DEFAULT_MAX_TOKENS);
  }
}
