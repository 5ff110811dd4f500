import { retryAfterMs, toLlmError } from '../../../../adapters/llm/upstream-failure';
import { LlmRateLimitError, LlmTimeoutError, LlmUpstreamError } from '../../../../core/domain/llm/llm.errors';

describe('toLlmError', () => {
  it.each([
    [{ kind: 'http', status: 429 } as const, LlmRateLimitError, true],
    [{ kind: 'http', status: 408 } as const, LlmTimeoutError, true],
    [{ kind: 'http', status: 500 } as const, LlmUpstreamError, true],
    [{ kind: 'http', status: 529 } as const, LlmUpstreamError, true],
    [{ kind: 'http', status: 400 } as const, LlmUpstreamError, false],
    [{ kind: 'http', status: 401 } as const, LlmUpstreamError, false],
    [{ kind: 'timeout' } as const, LlmTimeoutError, true],
    [{ kind: 'connection' } as const, LlmUpstreamError, true],
    [{ kind: 'broken_stream' } as const, LlmUpstreamError, true],
    [{ kind: 'aborted' } as const, LlmUpstreamError, false],
    [{ kind: 'invalid_response' } as const, LlmUpstreamError, false],
  ])('maps %j to %p, retryable %s', (failure, type, retryable) => {
    const error = toLlmError('openai', failure);
    expect(error).toBeInstanceOf(type);
    expect(error.retryable).toBe(retryable);
    expect(error.message).toMatch(/^openai: /);
  });

  it('keeps the status of an HTTP failure', () => {
    expect(toLlmError('local', { kind: 'http', status: 502 })).toMatchObject({ status: 502, code: 'llm.upstream_error' });
  });
});

describe('retryAfterMs', () => {
  it('prefers retry-after-ms, then reads retry-after seconds', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
  });

  it('reads an HTTP date as the time left until it', () => {
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    const ms = retryAfterMs(new Headers({ 'retry-after': inTenSeconds })) ?? -1;
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThanOrEqual(10_000);
  });

  it('is undefined without a usable header', () => {
    expect(retryAfterMs(new Headers())).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});
