import { EgressForbiddenTargetError, EgressUpstreamError } from '../../core/domain/tool/egress.errors';

/**
 * What a caller is told when the egress guard refuses a destination or cannot reach it: the
 * same words whatever the reason, so answers do not map the private network (which internal
 * names resolve, which ports are open). What really happened is kept for the server log.
 */
export const NOT_ALLOWED_MESSAGE = 'The destination is not allowed: only public internet addresses can be reached';
export const UNREACHABLE_MESSAGE = 'The destination could not be reached';

const details = new WeakMap<Error, string>();

export function refusedTarget(detail: string): EgressForbiddenTargetError {
  return remember(new EgressForbiddenTargetError(NOT_ALLOWED_MESSAGE), detail);
}

export function unreachableTarget(detail: string): EgressUpstreamError {
  return remember(new EgressUpstreamError(UNREACHABLE_MESSAGE), detail);
}

/** The specifics behind a refusal or failure, for the server log only. */
export function failureDetailOf(error: unknown): string | undefined {
  return error instanceof Error ? details.get(error) : undefined;
}

function remember<E extends Error>(error: E, detail: string): E {
  details.set(error, detail);
  return error;
}
