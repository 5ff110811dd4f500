import { JsonValue } from '../../../core/shared/json';
import { KeyValueSetOptions, KeyValueStore } from '../../../core/ports/key-value-store.port';

interface Entry {
  json: string;
  expiresAt?: number;
}

/** The embedded `KeyValueStore`: a map per namespace, values kept as JSON text (copies in and out). */
export class InMemoryKeyValueStore implements KeyValueStore {
  private readonly namespaces = new Map<string, Map<string, Entry>>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(namespace: string, key: string): Promise<JsonValue | undefined> {
    const entry = this.live(namespace, key);
    return entry === undefined ? undefined : (JSON.parse(entry.json) as JsonValue);
  }

  async set(namespace: string, key: string, value: JsonValue, options: KeyValueSetOptions = {}): Promise<void> {
    let entries = this.namespaces.get(namespace);
    if (!entries) {
      entries = new Map();
      this.namespaces.set(namespace, entries);
    }
    const expiresAt = options.ttlSeconds === undefined ? undefined : this.now() + options.ttlSeconds * 1000;
    entries.set(key, { json: JSON.stringify(value), expiresAt });
  }

  async delete(namespace: string, key: string): Promise<boolean> {
    const existed = this.live(namespace, key) !== undefined;
    this.namespaces.get(namespace)?.delete(key);
    return existed;
  }

  async keys(namespace: string, prefix: string, limit: number): Promise<string[]> {
    const entries = this.namespaces.get(namespace);
    if (!entries) return [];
    const keys = [...entries.keys()].filter((key) => key.startsWith(prefix) && this.live(namespace, key) !== undefined);
    return keys.sort().slice(0, limit);
  }

  async clear(namespace: string): Promise<void> {
    this.namespaces.delete(namespace);
  }

  private live(namespace: string, key: string): Entry | undefined {
    const entries = this.namespaces.get(namespace);
    const entry = entries?.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= this.now()) {
      entries?.delete(key);
      return undefined;
    }
    return entry;
  }
}
