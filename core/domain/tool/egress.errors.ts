import { DomainError } from '../../shared/domain-error';

/**
 * Outbound-request failures raised by the `HttpEgress` port. They live beside the tool
 * domain because tools are the main caller; webhooks and data sources share them.
 */
export class EgressForbiddenTargetError extends DomainError {
  readonly code = 'egress.forbidden_target';
}

export class EgressTooLargeError extends DomainError {
  readonly code = 'egress.too_large';
}

export class EgressTimeoutError extends DomainError {
  readonly code = 'egress.timeout';
}

/** DNS failure, refused connection, reset, TLS error, too many redirects. */
export class EgressUpstreamError extends DomainError {
  readonly code = 'egress.upstream_error';
}
