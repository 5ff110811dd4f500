import { RetryingLlmProvider } from '../../../../adapters/llm/retrying-llm-provider';
import { LlmCallBudget } from '../../../../core/domain/llm/llm-call-budget';
import { LlmBudgetExceededError, LlmRateLimitError, LlmTimeoutError, LlmUpstreamError } from '../../../../core/domain/llm/llm.errors';
import { ChatRequest } from '../../../../core/ports/llm-provider.port';
import { collectEvents } from '../../../fixtures/llm/collect-events';
import { okEvents, okResponse, ScriptedLlmProvider, ScriptedOutcome } from '../../../fixtures/llm/scripted-llm-provider';

const serverError = () => ({ error: new LlmUpstreamError('boom', true, 500) });
const request = (budget?: LlmCallBudget): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], budget });

function setup(outcomes: ScriptedOutcome[], maxRetries = 3) {
  const inner = new ScriptedLlmProvider(outcomes);
  const pauses: number[] = [];
  const sleep = async (ms: number) => {
    pauses.push(ms);
  };
  // random() = 0.5 puts the jitter in the middle: pause = 3/4 of the exponential ceiling.
  const provider = new RetryingLlmProvider(inner, { maxRetries, retryBaseMs: 100 }, { sleep, random: () => 0.5 });
  return { inner, pauses, provider };
}

describe('RetryingLlmProvider.chat', () => {
  it('retries 5xx errors with exponential back-off and jitter until one succeeds', async () => {
    const { inner, pauses, provider } = setup([serverError(), serverError(), { response: okResponse }]);
    await expect(provider.chat(request())).resolves.toEqual(okResponse);
    expect(inner.attempts).toBe(3);
    expect(pauses).toEqual([75, 150]);
  });

  it('waits the retry-after of a rate limit', async () => {
    const { inner, pauses, provider } = setup([{ error: new LlmRateLimitError('slow down', 1500) }, { response: okResponse }]);
    await provider.chat(request());
    expect(inner.attempts).toBe(2);
    expect(pauses).toEqual([1500]);
  });

  it('retries timeouts', async () => {
    const { inner, provider } = setup([{ error: new LlmTimeoutError() }, { response: okResponse }]);
    await provider.chat(request());
    expect(inner.attempts).toBe(2);
  });

  it('does not retry a non-retryable error such as a 400', async () => {
    const badRequest = new LlmUpstreamError('bad', false, 400);
    const { inner, pauses, provider } = setup([{ error: badRequest }, { response: okResponse }]);
    await expect(provider.chat(request())).rejects.toBe(badRequest);
    expect(inner.attempts).toBe(1);
    expect(pauses).toEqual([]);
  });

  it('does not retry errors that are not provider errors', async () => {
    const bug = new TypeError('bug');
    const { inner, provider } = setup([{ error: bug }, { response: okResponse }]);
    await expect(provider.chat(request())).rejects.toBe(bug);
    expect(inner.attempts).toBe(1);
  });

  it('gives up after maxRetries with the last error', async () => {
    const last = new LlmUpstreamError('last', true, 503);
    const { inner, provider } = setup([serverError(), serverError(), { error: last }, { response: okResponse }], 2);
    await expect(provider.chat(request())).rejects.toBe(last);
    expect(inner.attempts).toBe(3);
  });

  it('does not wait for a retry-after beyond its limit', async () => {
    const longWait = new LlmRateLimitError('come back in an hour', 3_600_000);
    const { inner, provider } = setup([{ error: longWait }, { response: okResponse }]);
    await expect(provider.chat(request())).rejects.toBe(longWait);
    expect(inner.attempts).toBe(1);
  });

  it('counts every attempt, retries included, against the budget (behaviour rule 3)', async () => {
    const budget = new LlmCallBudget(10);
    const { provider } = setup([serverError(), serverError(), { response: okResponse }]);
    await provider.chat(request(budget));
    expect(budget.calls).toBe(3);
  });

  it('stops retrying once the budget is spent', async () => {
    const budget = new LlmCallBudget(2);
    const { inner, provider } = setup([serverError(), serverError(), { response: okResponse }]);
    await expect(provider.chat(request(budget))).rejects.toBeInstanceOf(LlmBudgetExceededError);
    expect(inner.attempts).toBe(2);
    expect(budget.calls).toBe(2);
  });

  it('makes no attempt with a budget already spent', async () => {
    const budget = new LlmCallBudget(0);
    const { inner, provider } = setup([{ response: okResponse }]);
    await expect(provider.chat(request(budget))).rejects.toBeInstanceOf(LlmBudgetExceededError);
    expect(inner.attempts).toBe(0);
  });

  it('stops retrying when the caller aborts', async () => {
    const controller = new AbortController();
    const inner = new ScriptedLlmProvider([serverError(), { response: okResponse }]);
    const sleep = async () => controller.abort();
    const provider = new RetryingLlmProvider(inner, { maxRetries: 3, retryBaseMs: 100 }, { sleep });
    await expect(provider.chat({ ...request(), signal: controller.signal })).rejects.toBeInstanceOf(LlmUpstreamError);
    expect(inner.attempts).toBe(1);
  });

  it('keeps the inner provider name', () => {
    expect(setup([]).provider.name).toBe('scripted');
  });
});

describe('RetryingLlmProvider.stream', () => {
  it('retries a stream that failed before its first event, counting each attempt', async () => {
    const budget = new LlmCallBudget(5);
    const { inner, provider } = setup([{ events: [], error: new LlmRateLimitError('slow', 10) }, { events: okEvents }]);
    await expect(collectEvents(provider.stream(request(budget)))).resolves.toEqual(okEvents);
    expect(inner.attempts).toBe(2);
    expect(budget.calls).toBe(2);
  });

  it('does not retry a stream that failed after yielding', async () => {
    const broken = new LlmUpstreamError('broke off', true);
    const { inner, provider } = setup([{ events: [okEvents[0]], error: broken }, { events: okEvents }]);
    const seen: string[] = [];
    const run = (async () => {
      for await (const event of provider.stream(request())) seen.push(event.type);
    })();
    await expect(run).rejects.toBe(broken);
    expect(seen).toEqual(['token']);
    expect(inner.attempts).toBe(1);
  });

  it('stops a failing stream once the budget is spent', async () => {
    const budget = new LlmCallBudget(1);
    const { inner, provider } = setup([{ events: [], error: new LlmTimeoutError() }, { events: okEvents }]);
    await expect(collectEvents(provider.stream(request(budget)))).rejects.toBeInstanceOf(LlmBudgetExceededError);
    expect(inner.attempts).toBe(1);
  });
});

describe('RetryingLlmProvider: attempts', () => {
  it('numbers each attempt it hands on, from 1, for the call log', async () => {
    const { inner, provider } = setup([serverError(), serverError(), { response: okResponse }]);
    await provider.chat(request());
    expect(inner.requests.map((r) => r.attempt)).toEqual([1, 2, 3]);
  });

  it('makes no more attempts than the request allows, whatever the policy says', async () => {
    const failure = serverError();
    const { inner, pauses, provider } = setup([failure, { response: okResponse }], 3);
    await expect(provider.chat({ ...request(), maxAttempts: 1 })).rejects.toBe(failure.error);
    expect(inner.attempts).toBe(1);
    expect(pauses).toEqual([]);
  });

  it('numbers stream attempts too', async () => {
    const { inner, provider } = setup([{ events: [], error: new LlmTimeoutError() }, { events: okEvents }]);
    await collectEvents(provider.stream(request()));
    expect(inner.requests.map((r) => r.attempt)).toEqual([1, 2]);
  });
});
