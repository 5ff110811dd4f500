import { DomainError } from '../../shared/domain-error';

/** No `X-API-Key` header: the contract answers 401. */
export class ApiKeyMissingError extends DomainError {
  readonly code = 'api_key.unauthorized';
  constructor() {
    super('X-API-Key header is missing');
  }
}

/** A key that is malformed, unknown or wrong: the contract answers 403, the same for all three. */
export class ApiKeyInvalidError extends DomainError {
  readonly code = 'api_key.forbidden';
  constructor() {
    super('API key is not valid');
  }
}

/** Too many keys issued to one client address within the issuance window. */
export class ApiKeyIssuanceLimitedError extends DomainError {
  readonly code = 'api_key.rate_limited';
  constructor(
    readonly retryAfterSeconds: number,
    readonly limit: number,
    readonly windowSeconds: number,
  ) {
    super(`At most ${limit} API keys may be issued per client address per ${windowSeconds / 3600} hour(s); try again later`);
  }
}
