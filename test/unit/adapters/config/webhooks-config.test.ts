import { ConfigError } from '../../../../adapters/config/config-error';
import { loadConfig } from '../../../../adapters/config/load-config';

describe('loadConfig: webhooks', () => {
  it('When nothing is set, Then deliveries are capped at 256 KiB, keys remembered 24 hours, and webhooks are off', () => {
    const config = loadConfig({});
    expect(config.webhooks).toEqual({ maxBodyBytes: 262_144, idempotencyTtlMs: 24 * 3_600_000 });
    expect(config.auth.webhookToken).toBeUndefined();
  });

  it('When WEBHOOK_MAX_BODY_BYTES and WEBHOOK_IDEMPOTENCY_HOURS are set, Then they are taken', () => {
    expect(loadConfig({ WEBHOOK_MAX_BODY_BYTES: '4096', WEBHOOK_IDEMPOTENCY_HOURS: '2' }).webhooks).toEqual({
      maxBodyBytes: 4096,
      idempotencyTtlMs: 7_200_000,
    });
  });

  it.each([
    [{ WEBHOOK_MAX_BODY_BYTES: '100' }, 'WEBHOOK_MAX_BODY_BYTES'],
    [{ WEBHOOK_IDEMPOTENCY_HOURS: '0' }, 'WEBHOOK_IDEMPOTENCY_HOURS'],
    [{ WEBHOOK_IDEMPOTENCY_HOURS: '721' }, 'WEBHOOK_IDEMPOTENCY_HOURS'],
    [{ WEBHOOK_AUTH_TOKEN: 'too-short' }, 'WEBHOOK_AUTH_TOKEN'],
  ])('When %p, Then start-up fails naming it', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
