import { ApiKey } from '../../../../core/domain/api-key/api-key.entity';
import { ApiKeyInvalidError, ApiKeyIssuanceLimitedError, ApiKeyMissingError } from '../../../../core/domain/api-key/api-key.errors';
import { PromptRateLimitedError } from '../../../../core/domain/prompt/prompt.errors';
import { RateLimitDecision, RateLimitRule } from '../../../../core/domain/rate-limit/rate-limit';
import { ApiKeyRepository } from '../../../../core/ports/api-key-repository.port';
import { RateLimiter } from '../../../../core/ports/rate-limiter.port';
import { SecretHasher } from '../../../../core/ports/secret-hasher.port';
import { ValidationError } from '../../../../core/shared/common.errors';
import { ApiKeyAuthenticator } from '../../../../core/services/prompt/api-key-authenticator.service';
import { ApiKeyIssuer } from '../../../../core/services/prompt/api-key-issuer.service';
import { OptimizeQuota } from '../../../../core/services/prompt/optimize-quota.service';

class MemoryKeys implements ApiKeyRepository {
  readonly rows = new Map<string, ApiKey>();
  async create(key: ApiKey) {
    this.rows.set(key.id, key);
  }
  async findById(id: string) {
    return this.rows.get(id) ?? null;
  }
}

/** Counts per bucket without windows; enough to see which bucket and rule the services use. */
class CountingLimiter implements RateLimiter {
  readonly calls: Array<{ bucket: string; rule: RateLimitRule }> = [];
  private readonly counts = new Map<string, number>();
  async consume(bucket: string, rule: RateLimitRule, now: Date): Promise<RateLimitDecision> {
    this.calls.push({ bucket, rule });
    const count = (this.counts.get(bucket) ?? 0) + 1;
    this.counts.set(bucket, count);
    const allowed = count <= rule.limit;
    return {
      allowed,
      limit: rule.limit,
      remaining: allowed ? rule.limit - count : 0,
      windowSeconds: rule.windowSeconds,
      resetAt: new Date(now.getTime() + 30_500),
    };
  }
  async refund(bucket: string): Promise<void> {
    this.counts.set(bucket, (this.counts.get(bucket) ?? 1) - 1);
  }
}

const hasher: SecretHasher & { compared: number } = {
  compared: 0,
  digest: (secret) => `d:${secret}`,
  matches(secret, digest) {
    this.compared += 1;
    return digest === `d:${secret}`;
  },
};
const clock = { now: () => new Date('2030-01-01T00:00:00Z') };
let sequence = 0;
const ids = {
  uuid: () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`,
  secret: (bytes: number) => 'S'.repeat(Math.ceil((bytes * 4) / 3)) + sequence,
};

describe('API key issuance, authentication and quota', () => {
  const keys = new MemoryKeys();
  const limiter = new CountingLimiter();
  const issuer = new ApiKeyIssuer(keys, limiter, hasher, ids, clock);
  const authenticator = new ApiKeyAuthenticator(keys, hasher);

  it('When a key is issued, Then only its digest is stored and the presented key authenticates', async () => {
    const issued = await issuer.issue({ name: ' demo ', clientAddress: '192.0.2.1' });
    const [, id, secret] = /^pk_([0-9a-f]{32})_(.+)$/.exec(issued.apiKey)!;

    expect(issued.name).toBe('demo');
    expect(keys.rows.get(id)).toEqual({ id, name: 'demo', secretDigest: `d:${secret}`, createdAt: clock.now() });
    expect(limiter.calls.at(-1)).toEqual({ bucket: 'key-issuance:192.0.2.1', rule: { limit: 60, windowSeconds: 3600 } });
    await expect(authenticator.authenticate(issued.apiKey)).resolves.toEqual({ keyId: id, name: 'demo' });
  });

  it('When the address has used its 60 issuances, Then ApiKeyIssuanceLimitedError with the seconds until the window resets', async () => {
    for (let n = 0; n < 60; n += 1) await issuer.issue({ name: 'n', clientAddress: '198.51.100.7' });

    const refused = issuer.issue({ name: 'n', clientAddress: '198.51.100.7' });

    await expect(refused).rejects.toBeInstanceOf(ApiKeyIssuanceLimitedError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 31 });
  });

  it.each([[''], ['   '], ['x'.repeat(65)], ['tab\tname']])('When the name is %j, Then ValidationError and nothing is counted', async (name) => {
    const before = limiter.calls.length;

    await expect(issuer.issue({ name, clientAddress: '192.0.2.9' })).rejects.toBeInstanceOf(ValidationError);
    expect(limiter.calls).toHaveLength(before);
  });

  it('When no key is presented, Then ApiKeyMissingError (401)', async () => {
    await expect(authenticator.authenticate(undefined)).rejects.toBeInstanceOf(ApiKeyMissingError);
    await expect(authenticator.authenticate('  ')).rejects.toBeInstanceOf(ApiKeyMissingError);
  });

  it('When the key is malformed, unknown or has the wrong secret, Then ApiKeyInvalidError (403), each after one digest comparison', async () => {
    const issued = await issuer.issue({ name: 'x', clientAddress: '192.0.2.2' });
    const wrongSecret = issued.apiKey.replace(/_[^_]+$/, `_${'W'.repeat(43)}`);
    const unknownId = `pk_${'e'.repeat(32)}_${'W'.repeat(43)}`;

    for (const presented of ['garbage', unknownId, wrongSecret]) {
      const before = hasher.compared;
      await expect(authenticator.authenticate(presented)).rejects.toBeInstanceOf(ApiKeyInvalidError);
      expect(hasher.compared).toBe(before + 1);
    }
  });

  it('When a key passes its 20 requests, Then OptimizeQuota refuses with the decision and a Retry-After', async () => {
    const quota = new OptimizeQuota(limiter, clock);
    for (let n = 0; n < 20; n += 1) await quota.admit('k1');

    const refused = quota.admit('k1');

    await expect(refused).rejects.toBeInstanceOf(PromptRateLimitedError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 31, decision: { allowed: false, remaining: 0, limit: 20, windowSeconds: 60 } });
    expect(limiter.calls.at(-1)?.bucket).toBe('prompt-key:k1');
  });
});
