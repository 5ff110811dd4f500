/** Domain error reason (the part of the code after the last dot) → platform status and error code. */
export const PLATFORM_ERROR_MAP: Record<string, { status: number; error: string }> = {
  bad_request: { status: 400, error: 'bad_request' },
  unauthorized: { status: 401, error: 'unauthorized' },
  forbidden: { status: 403, error: 'forbidden' },
  not_found: { status: 404, error: 'not_found' },
  conflict: { status: 409, error: 'conflict' },
  illegal_transition: { status: 409, error: 'conflict' },
  validation: { status: 422, error: 'validation_error' },
  forbidden_target: { status: 422, error: 'forbidden_target' },
  invalid_signature: { status: 422, error: 'invalid_signature' },
  too_large: { status: 413, error: 'payload_too_large' },
  rate_limited: { status: 429, error: 'rate_limited' },
  budget_exceeded: { status: 429, error: 'rate_limited' },
  upstream_error: { status: 502, error: 'upstream_error' },
  upstream_rate_limited: { status: 502, error: 'upstream_error' },
  upstream_timeout: { status: 502, error: 'upstream_error' },
  unavailable: { status: 503, error: 'unavailable' },
};
