import { DomainError } from '../../shared/domain-error';

/** The namespace would hold more keys or bytes than its quota allows; nothing was stored. */
export class KeyValueQuotaExceededError extends DomainError {
  readonly code = 'kv.quota_exceeded';

  constructor(limit: 'keys' | 'bytes', max: number) {
    super(
      `The key-value store is full: at most ${max} ${limit === 'keys' ? 'keys' : 'bytes of keys and values'} per plugin and user; delete keys or let them expire`,
    );
  }
}

/** One value's JSON text is over the per-value cap; nothing was stored. */
export class KeyValueTooLargeError extends DomainError {
  readonly code = 'kv.too_large';

  constructor(valueBytes: number, max: number) {
    super(`The value is ${valueBytes} bytes of JSON; values are at most ${max} bytes`);
  }
}

/** An empty or over-long key or namespace. */
export class KeyValueInvalidKeyError extends DomainError {
  readonly code = 'kv.invalid';
}
