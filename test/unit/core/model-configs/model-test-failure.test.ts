import { LlmRateLimitError, LlmTimeoutError, LlmUpstreamError } from '../../../../core/domain/llm/llm.errors';
import { SecretUnreadableError } from '../../../../core/domain/tool/custom-tool.errors';
import { modelTestFailureOf } from '../../../../core/services/model-configs/model-test-failure';

describe('modelTestFailureOf', () => {
  it.each([
    [new LlmUpstreamError('openai: the model provider answered HTTP 401', false, 401), 'authentication_failed'],
    [new LlmUpstreamError('x', false, 403), 'authentication_failed'],
    [new LlmUpstreamError('x', false, 404), 'not_found'],
    [new LlmUpstreamError('x', false, 400), 'rejected'],
    [new LlmUpstreamError('x', true, 500), 'upstream_error'],
    [new LlmRateLimitError('x'), 'rate_limited'],
    [new LlmTimeoutError('x'), 'timeout'],
    [new LlmUpstreamError('x', true, undefined, 'unreachable'), 'unreachable'],
    [new LlmUpstreamError('x', false, undefined, 'forbidden_target'), 'forbidden_target'],
    [new LlmUpstreamError('x', false, undefined, 'unreadable'), 'invalid_response'],
    [new SecretUnreadableError(), 'api_key_unreadable'],
  ])('maps %p to %s, in words of its own', (error, code) => {
    const failure = modelTestFailureOf(error);
    expect(failure?.code).toBe(code);
    // The adapter's message (which names the provider) is never handed on.
    expect(failure?.message).not.toContain('openai');
    expect(failure?.message).not.toBe(error.message);
  });

  it('leaves an error that is not the model’s to the caller', () => {
    expect(modelTestFailureOf(new TypeError('bug'))).toBeUndefined();
  });
});
