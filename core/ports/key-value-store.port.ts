import { JsonValue } from '../shared/json';
import { token } from '../shared/token';

export interface KeyValueSetOptions {
  /** The entry disappears after this many seconds. */
  ttlSeconds?: number;
}

/**
 * Small JSON values under string keys, partitioned by namespace (the kernel uses one
 * namespace per plugin id and owner). Expired entries read as absent.
 */
export interface KeyValueStore {
  get(namespace: string, key: string): Promise<JsonValue | undefined>;
  set(namespace: string, key: string, value: JsonValue, options?: KeyValueSetOptions): Promise<void>;
  /** True when an entry was removed. */
  delete(namespace: string, key: string): Promise<boolean>;
  /** Live keys starting with `prefix`, sorted, at most `limit`. */
  keys(namespace: string, prefix: string, limit: number): Promise<string[]>;
  /** Removes every entry of the namespace (a plugin uninstalled, a user deleted). */
  clear(namespace: string): Promise<void>;
}

export const KEY_VALUE_STORE = token<KeyValueStore>('KeyValueStore');
