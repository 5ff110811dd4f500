import { performance } from 'node:perf_hooks';
import { TokenUsage } from '../../core/domain/llm/chat-message';
import { LlmCallOutcome } from '../../core/domain/llm/llm-call';
import { LlmRateLimitError, LlmTimeoutError, LlmUpstreamError } from '../../core/domain/llm/llm.errors';
import { Clock } from '../../core/ports/clock.port';
import { IdGenerator } from '../../core/ports/id-generator.port';
import { LlmCallLog } from '../../core/ports/llm-call-log.port';
import { ChatRequest, ChatResponse, ChatStreamEvent, LlmProvider } from '../../core/ports/llm-provider.port';
import { Logger } from '../../core/ports/logger.port';

export interface CallRecorder {
  log: LlmCallLog;
  clock: Clock;
  ids: IdGenerator;
  logger?: Logger;
}

interface Attempt {
  request: ChatRequest;
  startedMs: number;
  outcome: LlmCallOutcome;
  usage?: TokenUsage;
  model?: string;
}

/**
 * Records every call it passes on in the `LlmCallLog`: one row per attempt, with the run's
 * `trace`, the tokens, the latency and how it ended. It sits under `RetryingLlmProvider`, so a
 * retry is a row of its own and rows match what the budget counted. A stream is recorded when
 * it ends, also when its reader stops early (`cancelled`). Recording never fails the call.
 */
export class RecordingLlmProvider implements LlmProvider {
  constructor(
    private readonly inner: LlmProvider,
    /** The model the inner provider uses when a request names none. */
    private readonly defaultModel: string,
    private readonly recorder: CallRecorder,
  ) {}

  get name(): string {
    return this.inner.name;
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const attempt: Attempt = { request, startedMs: performance.now(), outcome: 'cancelled' };
    try {
      const response = await this.inner.chat(request);
      Object.assign(attempt, { outcome: 'success', usage: response.usage, model: response.model });
      return response;
    } catch (error) {
      attempt.outcome = outcomeOf(error, request.signal);
      throw error;
    } finally {
      await this.record(attempt);
    }
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
    const attempt: Attempt = { request, startedMs: performance.now(), outcome: 'cancelled' };
    try {
      for await (const event of this.inner.stream(request)) {
        if (event.type === 'usage') attempt.usage = event.usage;
        if (event.type === 'done') attempt.model = event.model;
        yield event;
      }
      attempt.outcome = 'success';
    } catch (error) {
      attempt.outcome = outcomeOf(error, request.signal);
      throw error;
    } finally {
      await this.record(attempt);
    }
  }

  private async record({ request, startedMs, outcome, usage, model }: Attempt): Promise<void> {
    const { log, clock, ids, logger } = this.recorder;
    try {
      await log.record({
        id: ids.uuid(),
        ...request.trace,
        provider: this.inner.name,
        model: model ?? request.model ?? this.defaultModel,
        promptTokens: usage?.promptTokens ?? 0,
        completionTokens: usage?.completionTokens ?? 0,
        latencyMs: Math.max(0, Math.round(performance.now() - startedMs)),
        outcome,
        attempt: request.attempt ?? 1,
        createdAt: clock.now(),
      });
    } catch (error) {
      // The answer matters more than its record: a failing log must not fail the run.
      logger?.warn({ provider: this.inner.name, err: error }, 'could not record an LLM call');
    }
  }
}

function outcomeOf(error: unknown, signal?: AbortSignal): LlmCallOutcome {
  if (signal?.aborted || (error instanceof LlmUpstreamError && error.kind === 'cancelled')) return 'cancelled';
  if (error instanceof LlmRateLimitError) return 'rate_limited';
  if (error instanceof LlmTimeoutError) return 'timeout';
  return 'error';
}
