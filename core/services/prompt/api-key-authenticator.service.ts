import { inject, injectable } from 'inversify';
import { ApiKeyPrincipal } from '../../domain/api-key/api-key.entity';
import { ApiKeyInvalidError, ApiKeyMissingError } from '../../domain/api-key/api-key.errors';
import { parseApiKey } from '../../domain/api-key/api-key-token';
import { API_KEY_REPOSITORY, ApiKeyRepository } from '../../ports/api-key-repository.port';
import { SECRET_HASHER, SecretHasher } from '../../ports/secret-hasher.port';

/**
 * Checks a presented `X-API-Key`. A missing key is 401; a malformed, unknown or wrong one is
 * 403, and all three do the same work (one digest comparison) so timing tells them apart no more
 * than the answer does.
 */
@injectable()
export class ApiKeyAuthenticator {
  private readonly decoyDigest: string;

  constructor(
    @inject(API_KEY_REPOSITORY) private readonly keys: ApiKeyRepository,
    @inject(SECRET_HASHER) private readonly hasher: SecretHasher,
  ) {
    this.decoyDigest = hasher.digest('decoy secret that no key has');
  }

  async authenticate(presented: string | undefined): Promise<ApiKeyPrincipal> {
    const raw = presented?.trim();
    if (!raw) throw new ApiKeyMissingError();
    const parts = parseApiKey(raw);
    const key = parts ? await this.keys.findById(parts.id) : null;
    const matches = this.hasher.matches(parts?.secret ?? raw, key?.secretDigest ?? this.decoyDigest);
    if (!key || !matches) throw new ApiKeyInvalidError();
    return { keyId: key.id, name: key.name };
  }
}
