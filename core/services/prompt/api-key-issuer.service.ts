import { inject, injectable } from 'inversify';
import { ApiKey } from '../../domain/api-key/api-key.entity';
import { ApiKeyIssuanceLimitedError } from '../../domain/api-key/api-key.errors';
import { formatApiKey, keyIdFromUuid } from '../../domain/api-key/api-key-token';
import { secondsUntilReset } from '../../domain/rate-limit/rate-limit';
import { API_KEY_REPOSITORY, ApiKeyRepository } from '../../ports/api-key-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { RATE_LIMITER, RateLimiter } from '../../ports/rate-limiter.port';
import { SECRET_HASHER, SecretHasher } from '../../ports/secret-hasher.port';
import { ValidationError } from '../../shared/common.errors';
import { API_KEY_SECRET_BYTES, KEY_ISSUANCE_LIMIT } from './prompt-limits';

export interface KeyApplication {
  name: string;
  /** The applicant's network address as the server saw it, never a forwarded header. */
  clientAddress: string;
}

export interface IssuedApiKey {
  name: string;
  /** The full key; this is the only time it exists outside the client. */
  apiKey: string;
}

const MAX_NAME = 64;

/** Self-service issuance without review, limited per client address. */
@injectable()
export class ApiKeyIssuer {
  constructor(
    @inject(API_KEY_REPOSITORY) private readonly keys: ApiKeyRepository,
    @inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @inject(SECRET_HASHER) private readonly hasher: SecretHasher,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async issue(application: KeyApplication): Promise<IssuedApiKey> {
    const name = application.name.trim();
    const length = [...name].length;
    if (length < 1 || length > MAX_NAME || hasControlCharacter(name)) {
      throw new ValidationError(`name: must be 1 to ${MAX_NAME} printable characters`, [
        { field: 'name', message: `must be 1 to ${MAX_NAME} printable characters` },
      ]);
    }
    const now = this.clock.now();
    const decision = await this.limiter.consume(`key-issuance:${application.clientAddress}`, KEY_ISSUANCE_LIMIT, now);
    if (!decision.allowed) {
      throw new ApiKeyIssuanceLimitedError(secondsUntilReset(decision, now), decision.limit, decision.windowSeconds);
    }
    const id = keyIdFromUuid(this.ids.uuid());
    const secret = this.ids.secret(API_KEY_SECRET_BYTES);
    const key: ApiKey = { id, name, secretDigest: this.hasher.digest(secret), createdAt: now };
    await this.keys.create(key);
    return { name, apiKey: formatApiKey({ id, secret }) };
  }
}

function hasControlCharacter(text: string): boolean {
  return [...text].some((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code < 0x20 || code === 0x7f;
  });
}
