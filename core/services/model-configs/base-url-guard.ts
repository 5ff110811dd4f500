import { TcpEgressGuard } from '../../ports/tcp-egress-guard.port';
import { ValidationError } from '../../shared/common.errors';
import { DomainError } from '../../shared/domain-error';

/**
 * Refuses a base URL the egress guard would refuse (private, loopback, link-local, metadata
 * addresses, unless the operator allow-lists them): `EgressForbiddenTargetError`, 422
 * `forbidden_target`. A host that does not resolve is a validation error. Every connection is
 * checked again when it is made, since a name may resolve elsewhere later.
 */
export async function vetBaseUrl(guard: TcpEgressGuard, baseUrl: string): Promise<void> {
  const url = new URL(baseUrl);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  try {
    await guard.vet(url.hostname, port);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'egress.upstream_error') {
      throw new ValidationError('Invalid model configuration', [{ field: 'base_url', message: 'names a host that could not be resolved' }]);
    }
    throw error;
  }
}
