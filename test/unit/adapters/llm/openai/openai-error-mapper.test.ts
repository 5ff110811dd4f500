import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAIError } from 'openai';
import { mapOpenAiError } from '../../../../../adapters/llm/openai/openai-error-mapper';
import { LlmRateLimitError, LlmTimeoutError, LlmUpstreamError } from '../../../../../core/domain/llm/llm.errors';

const SECRET = 'sk-live-secret-key';
const httpError = (status: number, headers: Record<string, string> = {}) =>
  APIError.generate(status, { error: { message: `bad key ${SECRET}` } }, `raw body ${SECRET}`, new Headers(headers));

describe('mapOpenAiError', () => {
  it('maps a 429 with retry-after to a rate-limit error', () => {
    const error = mapOpenAiError('openai', httpError(429, { 'retry-after': '4' }));
    expect(error).toBeInstanceOf(LlmRateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 4000 });
  });

  it('maps timeouts, including connection errors past the deadline', () => {
    expect(mapOpenAiError('openai', new APIConnectionTimeoutError())).toBeInstanceOf(LlmTimeoutError);
    expect(mapOpenAiError('openai', new APIConnectionError({}), { pastDeadline: true })).toBeInstanceOf(LlmTimeoutError);
  });

  it('maps 5xx and connection errors to retryable, other 4xx to final upstream errors', () => {
    expect(mapOpenAiError('openai', httpError(503))).toMatchObject({ retryable: true, status: 503 });
    expect(mapOpenAiError('openai', new APIConnectionError({}))).toMatchObject({ retryable: true });
    expect(mapOpenAiError('openai', httpError(422))).toMatchObject({ retryable: false, status: 422 });
  });

  it('never carries the SDK message, which holds the upstream body', () => {
    const error = mapOpenAiError('openai', httpError(401)) as Error;
    expect(error).toBeInstanceOf(LlmUpstreamError);
    expect(error.message).not.toContain(SECRET);
  });

  it('maps aborts and unreadable answers to final errors', () => {
    expect(mapOpenAiError('openai', new APIUserAbortError())).toMatchObject({ retryable: false });
    expect(mapOpenAiError('openai', new OpenAIError('Could not parse'))).toMatchObject({ retryable: false });
  });

  it('passes other errors through, unless they broke a stream', () => {
    const bug = new TypeError('bug');
    expect(mapOpenAiError('openai', bug)).toBe(bug);
    expect(mapOpenAiError('openai', new TypeError('terminated'), { duringStream: true })).toMatchObject({ retryable: true });
  });
});
