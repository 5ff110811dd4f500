import { token } from '../shared/token';

/**
 * The egress guard's address rules for raw TCP destinations (a data source's database
 * server): only public unicast addresses unless the operator allow-lists the host or range.
 */
export interface TcpEgressGuard {
  /** Resolves `host` and returns an allowed address to connect to; throws `EgressForbiddenTargetError`. */
  vet(host: string, port: number): Promise<string>;
}

export const TCP_EGRESS_GUARD = token<TcpEgressGuard>('TcpEgressGuard');
