import { RecordingLlmProvider } from '../../../../adapters/llm/recording-llm-provider';
import { RetryingLlmProvider } from '../../../../adapters/llm/retrying-llm-provider';
import { LlmCallBudget } from '../../../../core/domain/llm/llm-call-budget';
import { LlmBudgetExceededError, LlmRateLimitError, LlmTimeoutError, LlmUpstreamError } from '../../../../core/domain/llm/llm.errors';
import { ChatRequest } from '../../../../core/ports/llm-provider.port';
import { Logger } from '../../../../core/ports/logger.port';
import { InMemoryLlmCallLog } from '../../../fixtures/llm/in-memory-llm-call-log';
import { okEvents, okResponse, ScriptedLlmProvider, ScriptedOutcome } from '../../../fixtures/llm/scripted-llm-provider';

const NOW = new Date('2031-03-04T05:06:07.089Z');
const trace = { agentId: 'agent-1', executionId: 'exec-1', sessionId: 'session-1', ownerId: 'user-1' };
const request = (extra: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], trace, ...extra });
const serverError = () => ({ error: new LlmUpstreamError('boom', true, 500) });

function setup(outcomes: ScriptedOutcome[], maxRetries = 3) {
  const log = new InMemoryLlmCallLog();
  const warnings: string[] = [];
  const logger = { warn: (_fields: object, message: string) => warnings.push(message) } as unknown as Logger;
  let n = 0;
  const ids = { uuid: () => `call-${(n += 1)}`, secret: () => 'x' };
  const recorded = new RecordingLlmProvider(new ScriptedLlmProvider(outcomes), 'scripted-default', { log, clock: { now: () => NOW }, ids, logger });
  const provider = new RetryingLlmProvider(recorded, { maxRetries, retryBaseMs: 0 }, { sleep: async () => undefined });
  return { log, warnings, provider };
}

describe('RecordingLlmProvider under the retries', () => {
  it('When a chat succeeds, Then one row holds the trace, the provider, the model that answered, the tokens and success', async () => {
    const { log, provider } = setup([{ response: okResponse }]);
    await provider.chat(request());
    expect(log.calls).toEqual([
      {
        id: 'call-1',
        ...trace,
        provider: 'scripted',
        model: 'scripted-1',
        promptTokens: 1,
        completionTokens: 1,
        latencyMs: expect.any(Number),
        outcome: 'success',
        attempt: 1,
        createdAt: NOW,
      },
    ]);
  });

  it('When attempts fail and are retried, Then every attempt is a row, numbered, with its outcome, and the rows match the budget', async () => {
    const budget = new LlmCallBudget(10);
    const { log, provider } = setup([serverError(), { error: new LlmRateLimitError('slow', 0) }, { error: new LlmTimeoutError() }, { response: okResponse }]);
    await provider.chat(request({ budget, model: 'asked-model' }));
    expect(log.calls.map((c) => [c.attempt, c.outcome, c.model, c.promptTokens])).toEqual([
      [1, 'error', 'asked-model', 0],
      [2, 'rate_limited', 'asked-model', 0],
      [3, 'timeout', 'asked-model', 0],
      [4, 'success', 'scripted-1', 1],
    ]);
    expect(budget.calls).toBe(log.calls.length);
  });

  it('When the budget runs out, Then the refused attempt leaves no row: rows and budget still agree', async () => {
    const budget = new LlmCallBudget(2);
    const { log, provider } = setup([serverError(), serverError(), serverError()]);
    await expect(provider.chat(request({ budget }))).rejects.toBeInstanceOf(LlmBudgetExceededError);
    expect(log.calls).toHaveLength(2);
    expect(budget.calls).toBe(2);
  });

  it('When a request names no model and fails, Then the row names the provider default model', async () => {
    const { log, provider } = setup([{ error: new LlmUpstreamError('bad', false, 400) }]);
    await expect(provider.chat(request())).rejects.toBeInstanceOf(LlmUpstreamError);
    expect(log.calls[0]).toMatchObject({ model: 'scripted-default', outcome: 'error', attempt: 1 });
  });

  it('When the signal is aborted, Then the attempt is recorded as cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const { log, provider } = setup([{ error: new LlmUpstreamError('cancelled', false, undefined, 'cancelled') }]);
    await expect(provider.chat(request({ signal: controller.signal }))).rejects.toBeInstanceOf(LlmUpstreamError);
    expect(log.calls.map((c) => c.outcome)).toEqual(['cancelled']);
  });

  it('When a stream completes, Then its row has the usage and the model of its done event', async () => {
    const { log, provider } = setup([{ events: okEvents }]);
    for await (const event of provider.stream(request())) void event;
    expect(log.calls).toEqual([expect.objectContaining({ outcome: 'success', model: 'scripted-1', promptTokens: 1, completionTokens: 1, attempt: 1 })]);
  });

  it('When a stream fails before its first event and is retried, Then both attempts are rows', async () => {
    const { log, provider } = setup([{ events: [], error: new LlmTimeoutError() }, { events: okEvents }]);
    for await (const event of provider.stream(request())) void event;
    expect(log.calls.map((c) => [c.attempt, c.outcome])).toEqual([
      [1, 'timeout'],
      [2, 'success'],
    ]);
  });

  it('When the reader stops a stream early, Then the attempt is recorded as cancelled', async () => {
    const { log, provider } = setup([{ events: okEvents }]);
    for await (const event of provider.stream(request())) if (event.type === 'token') break;
    expect(log.calls.map((c) => c.outcome)).toEqual(['cancelled']);
  });

  it('When the log cannot record, Then the call still answers and a warning is logged', async () => {
    const { log, warnings, provider } = setup([{ response: okResponse }]);
    log.failing = true;
    await expect(provider.chat(request())).resolves.toEqual(okResponse);
    expect(warnings).toEqual(['could not record an LLM call']);
  });
});
