import { JsonObject, JsonSchema } from '../../shared/json';

/** What every node's `config` may add to its type's own fields. */
export interface NodeSettings {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Wait before the second attempt; doubled before each later one. */
  backoffMs: number;
  /** Undefined: the node may take as long as the run. */
  timeoutMs: number | undefined;
  /** A node that still fails records its error, outputs null, and the run goes on. */
  continueOnError: boolean;
}

export const NODE_SETTINGS_LIMITS = { maxAttempts: 10, maxBackoffMs: 60_000, maxTimeoutMs: 3_600_000 } as const;

/** JSON Schema of the generic settings, checked on every node besides its type's schema. */
export const NODE_SETTINGS_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    retry: {
      type: 'object',
      additionalProperties: false,
      properties: {
        max_attempts: { type: 'integer', minimum: 1, maximum: NODE_SETTINGS_LIMITS.maxAttempts },
        backoff_ms: { type: 'integer', minimum: 0, maximum: NODE_SETTINGS_LIMITS.maxBackoffMs },
      },
    },
    timeout_ms: { type: 'integer', minimum: 1, maximum: NODE_SETTINGS_LIMITS.maxTimeoutMs },
    continue_on_error: { type: 'boolean' },
  },
};

/** The config fields the settings take, whatever the node's type. */
export const NODE_SETTING_KEYS: ReadonlyArray<string> = Object.keys(NODE_SETTINGS_SCHEMA.properties as JsonObject);

/** A config without the generic settings: what the node type's own schema checks. */
export function withoutNodeSettings(config: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(config).filter(([key]) => !NODE_SETTING_KEYS.includes(key)));
}

/** The settings of a validated config; absent fields take their defaults (one attempt, no timeout). */
export function nodeSettingsOf(config: JsonObject): NodeSettings {
  const retry = config.retry !== null && typeof config.retry === 'object' && !Array.isArray(config.retry) ? config.retry : {};
  return {
    maxAttempts: typeof retry.max_attempts === 'number' ? retry.max_attempts : 1,
    backoffMs: typeof retry.backoff_ms === 'number' ? retry.backoff_ms : 0,
    timeoutMs: typeof config.timeout_ms === 'number' ? config.timeout_ms : undefined,
    continueOnError: config.continue_on_error === true,
  };
}

/** The wait before attempt `attempt` (2, 3, …): `backoffMs`, doubled each time, at most the cap. */
export function backoffBefore(attempt: number, settings: NodeSettings): number {
  return Math.min(NODE_SETTINGS_LIMITS.maxBackoffMs, settings.backoffMs * 2 ** Math.max(0, attempt - 2));
}
