import { JsonValue } from '../shared/json';
import { token } from '../shared/token';

export interface KeyValueSetOptions {
  /** The entry disappears after this many seconds. */
  ttlSeconds?: number;
}

/**
 * Small JSON values under string keys, partitioned by namespace (the kernel uses one
 * namespace per plugin id and owner), with a quota per namespace (`KeyValueLimits`). Expired
 * entries read as absent; they still count toward the quota until the expiry sweep deletes them
 * (or a `set` that would pass the quota makes room by deleting its namespace's expired entries).
 * Keys are 1 to `KEY_VALUE_MAX_KEY_CHARS` characters (`KeyValueInvalidKeyError`).
 */
export interface KeyValueStore {
  get(namespace: string, key: string): Promise<JsonValue | undefined>;
  /**
   * Stores or replaces the value; replacing counts only the difference in bytes. Atomic across
   * processes: throws `KeyValueTooLargeError` (one value over its cap) or
   * `KeyValueQuotaExceededError` (the namespace would pass its keys or bytes) and changes nothing.
   */
  set(namespace: string, key: string, value: JsonValue, options?: KeyValueSetOptions): Promise<void>;
  /** True when a live entry was removed; its keys and bytes are given back to the quota. */
  delete(namespace: string, key: string): Promise<boolean>;
  /** Live keys starting with `prefix`, sorted, at most `limit`. */
  keys(namespace: string, prefix: string, limit: number): Promise<string[]>;
  /** Removes every entry of the namespace (a plugin uninstalled, a user deleted). */
  clear(namespace: string): Promise<void>;
}

export const KEY_VALUE_STORE = token<KeyValueStore>('KeyValueStore');
