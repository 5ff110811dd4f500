import { isIP } from 'node:net';
import { EgressForbiddenTargetError, EgressUpstreamError } from '../../core/domain/tool/egress.errors';
import { TcpEgressGuard } from '../../core/ports/tcp-egress-guard.port';
import { EgressAddressPolicy, toAddress } from './egress-address-policy';
import { DnsResolver, systemResolver } from './guarded-lookup';

export interface GuardedTcpEgressOptions {
  /** The same operator allow-list as HTTP egress (`config.sandbox.egressAllowHosts`). */
  allowHosts?: ReadonlyArray<string>;
  resolver?: DnsResolver;
}

/**
 * The HTTP egress guard's address rules for raw TCP (data-source databases): the host is
 * resolved once, every address must be allowed, and the caller connects to the address
 * returned, so a DNS answer that changes afterwards (rebinding) is never used.
 */
export class GuardedTcpEgress implements TcpEgressGuard {
  private readonly policy: EgressAddressPolicy;

  constructor(private readonly options: GuardedTcpEgressOptions = {}) {
    this.policy = new EgressAddressPolicy(options.allowHosts ?? []);
  }

  async vet(host: string, port: number): Promise<string> {
    const hostname = host.replace(/^\[|\]$/g, '').toLowerCase();
    const allowListed = this.policy.isHostAllowListed(hostname, port);
    if (isIP(hostname) !== 0) {
      if (!allowListed && !this.policy.isAddressAllowed(hostname, port)) throw forbidden(host);
      return toAddress(hostname)?.toString() ?? hostname;
    }
    if (!allowListed && (hostname === 'localhost' || hostname.endsWith('.localhost'))) throw forbidden(host);
    let addresses: Array<{ address: string }>;
    try {
      addresses = await (this.options.resolver ?? systemResolver)(hostname, 0);
    } catch {
      throw new EgressUpstreamError(`The host ${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new EgressUpstreamError(`The host ${host} could not be resolved`);
    if (!allowListed && addresses.some((a) => !this.policy.isAddressAllowed(a.address, port))) throw forbidden(host);
    return addresses[0].address;
  }
}

function forbidden(host: string): EgressForbiddenTargetError {
  return new EgressForbiddenTargetError(`Connections to ${host} are not allowed: it is a private, loopback or reserved address`);
}
