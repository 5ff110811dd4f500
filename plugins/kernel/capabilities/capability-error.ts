/** Codes a capability call fails with, as plugin code sees them (`KernelError.code` in kernel-api.d.ts). */
export type KernelErrorCode =
  | 'capability_denied'
  | 'invalid_argument'
  | 'forbidden_target'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'quota_exceeded'
  | 'timeout'
  | 'upstream_error'
  | 'unavailable';

/** An expected capability failure; its message goes to the plugin as is, so keep it free of host detail. */
export class CapabilityError extends Error {
  constructor(
    readonly code: KernelErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CapabilityError';
  }
}
