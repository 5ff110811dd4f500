/** Domain error reason → prompt-contract HTTP status (also the body's `code`). */
export const PROMPT_ERROR_MAP: Record<string, number> = {
  bad_request: 400,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  exceeded: 429,
  upstream_error: 502,
  upstream_rate_limited: 502,
  upstream_timeout: 502,
  budget_exceeded: 502,
};
