import { isSensitiveKey, redactSecrets } from '../../../../core/domain/execution/redacted-json';

describe('redactSecrets', () => {
  it('When values sit under credential-like keys at any depth, Then they read [redacted] and everything else is kept', () => {
    const value = {
      expression: '6*7',
      api_key: 'sk-1',
      headers: { Authorization: 'Bearer abc', 'X-Trace': 'ok' },
      nested: [{ password: 'hunter2', clientSecret: 's', accessToken: 't', note: 'Bearer xyz' }],
      token_usage: { prompt_tokens: 3, total_tokens: 4 },
      session_id: 's-1',
    };
    expect(redactSecrets(value)).toEqual({
      expression: '6*7',
      api_key: '[redacted]',
      headers: { Authorization: '[redacted]', 'X-Trace': 'ok' },
      nested: [{ password: '[redacted]', clientSecret: '[redacted]', accessToken: '[redacted]', note: '[redacted]' }],
      token_usage: { prompt_tokens: 3, total_tokens: 4 },
      session_id: 's-1',
    });
  });

  it('When keys are counts or ids that merely mention tokens or sessions, Then they are not treated as credentials', () => {
    expect(['max_tokens', 'completion_tokens', 'tokens', 'session_id'].filter(isSensitiveKey)).toEqual([]);
    expect(['x-api-key', 'api_key', 'cookie', 'refresh_token', 'db_password'].every(isSensitiveKey)).toBe(true);
  });
});
