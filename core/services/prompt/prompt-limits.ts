import { RateLimitRule } from '../../domain/rate-limit/rate-limit';

/** prompt-api.md: 20 requests per key per 60-second window. */
export const OPTIMIZE_RATE_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 60 };

/** decisions.md: at most 60 keys per client address per hour, so minting keys cannot dodge the per-key limit. */
export const KEY_ISSUANCE_LIMIT: RateLimitRule = { limit: 60, windowSeconds: 3600 };

/** Stage one plus stage two; decisions.md fixes `usage.api_calls` at 2. */
export const PIPELINE_MODEL_CALLS = 2;

/** Bytes of randomness in a key's secret part. */
export const API_KEY_SECRET_BYTES = 32;
