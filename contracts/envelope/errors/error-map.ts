/** Domain error code → the envelope's specific code (decisions.md); checked before the reason. */
export const ENVELOPE_SPECIFIC_CODES: Record<string, { status: number; code: number }> = {
  'envelope_user.unknown_user': { status: 400, code: 40001 },
  'envelope_user.wrong_password': { status: 400, code: 40002 },
  'envelope_user.email_taken': { status: 400, code: 40003 },
  'envelope_user.weak_password': { status: 400, code: 40004 },
};

/** Domain error reason → envelope HTTP status and envelope code. */
export const ENVELOPE_ERROR_MAP: Record<string, { status: number; code: number }> = {
  bad_request: { status: 400, code: 40000 },
  validation: { status: 400, code: 40000 },
  unauthorized: { status: 401, code: 40100 },
  forbidden: { status: 403, code: 40300 },
  not_found: { status: 404, code: 40400 },
  conflict: { status: 409, code: 40900 },
  too_large: { status: 413, code: 41300 },
  unsupported_type: { status: 400, code: 40000 },
  extraction_failed: { status: 400, code: 40000 },
  rate_limited: { status: 429, code: 42900 },
  exceeded: { status: 429, code: 42900 },
  upstream_error: { status: 502, code: 50200 },
  upstream_rate_limited: { status: 502, code: 50200 },
  upstream_timeout: { status: 502, code: 50200 },
};
