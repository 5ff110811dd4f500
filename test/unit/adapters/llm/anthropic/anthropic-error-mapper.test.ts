import { APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import { mapAnthropicError } from '../../../../../adapters/llm/anthropic/anthropic-error-mapper';
import { LlmRateLimitError, LlmTimeoutError, LlmUpstreamError } from '../../../../../core/domain/llm/llm.errors';

const httpError = (status: number | undefined, headers: Record<string, string> = {}) =>
  APIError.generate(status, { type: 'error', error: { type: 'x', message: 'upstream words' } }, 'upstream words', new Headers(headers));

describe('mapAnthropicError', () => {
  it('maps 429, 529 and 400 by status', () => {
    expect(mapAnthropicError('anthropic', httpError(429, { 'retry-after': '1' }))).toEqual(expect.any(LlmRateLimitError));
    expect(mapAnthropicError('anthropic', httpError(529))).toMatchObject({ retryable: true, status: 529 });
    expect(mapAnthropicError('anthropic', httpError(400))).toMatchObject({ retryable: false, status: 400 });
  });

  it('maps an error event inside a stream (no status) to a retryable upstream error', () => {
    const error = mapAnthropicError('anthropic', httpError(undefined)) as Error;
    expect(error).toBeInstanceOf(LlmUpstreamError);
    expect(error).toMatchObject({ retryable: true });
    expect(error.message).not.toContain('upstream words');
  });

  it('maps timeouts', () => {
    expect(mapAnthropicError('anthropic', new APIConnectionTimeoutError())).toBeInstanceOf(LlmTimeoutError);
  });
});
