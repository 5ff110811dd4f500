import { KEY_VALUE_MAX_KEY_CHARS } from '../../../core/domain/key-value/key-value-limits';
import { KeyValueStore } from '../../../core/ports/key-value-store.port';
import { JsonValue } from '../../../core/shared/json';
import { argsObject, optionalNumber, optionalString, requiredString } from './capability-args';
import { CapabilityError } from './capability-error';
import { CapabilityCallContext, CapabilityHandler } from './capability-handler';

const MAX_TTL_SECONDS = 366 * 24 * 3600;

/**
 * `kv`: one namespace per plugin id and calling user, so neither plugins nor users see each
 * other's keys. The shipped built-in tools share one namespace per user, so `kv_set` and
 * `kv_get` (two tools) see the same keys; no market plugin may claim the `builtin` publisher.
 * The store enforces each namespace's quota and the per-value cap; its `kv.quota_exceeded` and
 * `kv.too_large` reach the plugin as `quota_exceeded` and `too_large` (capability-router.ts).
 */
export class KvCapability implements CapabilityHandler {
  constructor(private readonly store: KeyValueStore) {}

  async handle(method: string, rawArgs: JsonValue, context: CapabilityCallContext): Promise<JsonValue> {
    const args = argsObject(rawArgs, `kv.${method}`);
    const namespace = kvNamespace(context.publisher === 'builtin' ? 'builtin' : context.pluginId, context.actor.userId);
    switch (method) {
      case 'get':
        return (await this.store.get(namespace, key(args, method))) ?? null;
      case 'set': {
        const k = key(args, method);
        const value = args.value === undefined ? null : args.value;
        const ttl = optionalNumber(args, 'ttlSeconds', 'kv.set');
        if (ttl !== undefined && (ttl <= 0 || ttl > MAX_TTL_SECONDS)) {
          throw new CapabilityError('invalid_argument', 'kv.set: "ttlSeconds" must be between 1 second and a year');
        }
        await this.store.set(namespace, k, value, { ttlSeconds: ttl });
        return null;
      }
      case 'delete':
        return this.store.delete(namespace, key(args, method));
      default: {
        const prefix = optionalString(args, 'prefix', 'kv.list') ?? '';
        const limit = Math.min(Math.max(Math.floor(optionalNumber(args, 'limit', 'kv.list') ?? 100), 1), 1000);
        return this.store.keys(namespace, prefix, limit);
      }
    }
  }
}

/** The store namespace of one plugin for one user. */
export function kvNamespace(pluginId: string, ownerId: string): string {
  return `plugin:${pluginId}:owner:${ownerId}`;
}

function key(args: Record<string, JsonValue>, method: string): string {
  const k = requiredString(args, 'key', `kv.${method}`);
  if (k.length === 0 || k.length > KEY_VALUE_MAX_KEY_CHARS) {
    throw new CapabilityError('invalid_argument', `kv.${method}: keys are 1 to ${KEY_VALUE_MAX_KEY_CHARS} characters`);
  }
  return k;
}
