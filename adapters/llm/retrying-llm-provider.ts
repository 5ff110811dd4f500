import { LlmError, LlmRateLimitError } from '../../core/domain/llm/llm.errors';
import { ChatRequest, ChatResponse, ChatStreamEvent, LlmProvider } from '../../core/ports/llm-provider.port';
import { Logger } from '../../core/ports/logger.port';

export interface RetryPolicy {
  maxRetries: number;
  retryBaseMs: number;
  /** Cap of one back-off pause. */
  maxDelayMs?: number;
  /** A retry-after longer than this is not waited for: the error goes to the caller. */
  maxRetryAfterMs?: number;
}

/** Waits `ms`; may resolve early when the signal aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryTools {
  sleep?: Sleep;
  /** A number in [0, 1) for jitter. */
  random?: () => number;
  logger?: Logger;
}

const DEFAULT_MAX_DELAY_MS = 30_000;
const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

/**
 * Retries retryable provider errors with exponential back-off and jitter; a rate
 * limit waits its retry-after. Every attempt, the first included, consumes the request's
 * budget before it is made (behaviour rule 3), so an exhausted budget stops the retries.
 * A stream is retried only while it has yielded nothing: a half-told answer cannot be taken back.
 */
export class RetryingLlmProvider implements LlmProvider {
  private readonly sleep: Sleep;
  private readonly random: () => number;

  constructor(
    private readonly inner: LlmProvider,
    private readonly policy: RetryPolicy,
    private readonly tools: RetryTools = {},
  ) {
    this.sleep = tools.sleep ?? abortableSleep;
    this.random = tools.random ?? Math.random;
  }

  get name(): string {
    return this.inner.name;
  }

  /** Each attempt goes to the inner provider numbered (`attempt`, from 1), so the call log tells retries apart. */
  async chat(request: ChatRequest): Promise<ChatResponse> {
    for (let attempt = 0; ; attempt += 1) {
      request.budget?.consume();
      try {
        return await this.inner.chat({ ...request, attempt: attempt + 1 });
      } catch (error) {
        await this.pauseOrRethrow(error, attempt, request);
      }
    }
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
    for (let attempt = 0; ; attempt += 1) {
      request.budget?.consume();
      let yielded = false;
      try {
        for await (const event of this.inner.stream({ ...request, attempt: attempt + 1 })) {
          yielded = true;
          yield event;
        }
        return;
      } catch (error) {
        if (yielded) throw error;
        await this.pauseOrRethrow(error, attempt, request);
      }
    }
  }

  private async pauseOrRethrow(error: unknown, attempt: number, { signal, maxAttempts }: ChatRequest): Promise<void> {
    if (maxAttempts !== undefined && attempt + 1 >= maxAttempts) throw error;
    const delayMs = this.delayBeforeRetry(error, attempt);
    if (delayMs === undefined || signal?.aborted) throw error;
    this.tools.logger?.warn({ provider: this.inner.name, attempt: attempt + 1, code: (error as LlmError).code, delayMs }, 'LLM call failed; retrying');
    await this.sleep(delayMs, signal);
    if (signal?.aborted) throw error;
  }

  /** The pause before the next attempt, or undefined when there is none. */
  private delayBeforeRetry(error: unknown, attempt: number): number | undefined {
    if (!(error instanceof LlmError) || !error.retryable || attempt >= this.policy.maxRetries) return undefined;
    if (error instanceof LlmRateLimitError && error.retryAfterMs !== undefined) {
      const limit = this.policy.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
      return error.retryAfterMs <= limit ? error.retryAfterMs : undefined;
    }
    const ceiling = Math.min(this.policy.maxDelayMs ?? DEFAULT_MAX_DELAY_MS, this.policy.retryBaseMs * 2 ** attempt);
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }
}

/** Resolves after `ms`, or at once when the signal aborts (the caller then gives up). */
function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
