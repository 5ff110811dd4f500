import { isIP } from 'node:net';
import { Logger } from '../../core/ports/logger.port';
import { TcpEgressGuard } from '../../core/ports/tcp-egress-guard.port';
import { EgressAddressPolicy, toAddress } from './egress-address-policy';
import { failureDetailOf, refusedTarget, unreachableTarget } from './egress-failures';
import { DnsResolver, systemResolver } from './guarded-lookup';

export interface GuardedTcpEgressOptions {
  /** The same operator allow-list as HTTP egress (`config.sandbox.egressAllowHosts`). */
  allowHosts?: ReadonlyArray<string>;
  resolver?: DnsResolver;
  /** Where the specifics of a refusal go; callers only see a generic message. */
  logger?: Logger;
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
    try {
      return await this.check(host, port);
    } catch (error) {
      this.options.logger?.info({ host, port, detail: failureDetailOf(error) }, 'egress connection refused or unreachable');
      throw error;
    }
  }

  private async check(host: string, port: number): Promise<string> {
    const hostname = host.replace(/^\[|\]$/g, '').toLowerCase();
    const allowListed = this.policy.isHostAllowListed(hostname, port);
    if (isIP(hostname) !== 0) {
      if (!allowListed && !this.policy.isAddressAllowed(hostname, port)) throw refusedTarget(`${host} is a private, loopback or reserved address`);
      return toAddress(hostname)?.toString() ?? hostname;
    }
    if (!allowListed && (hostname === 'localhost' || hostname.endsWith('.localhost'))) throw refusedTarget(`${host} is a loopback host name`);
    let addresses: Array<{ address: string }>;
    try {
      addresses = await (this.options.resolver ?? systemResolver)(hostname, 0);
    } catch {
      throw unreachableTarget(`${host} could not be resolved`);
    }
    if (addresses.length === 0) throw unreachableTarget(`${host} resolves to no address`);
    const refused = allowListed ? undefined : addresses.find((a) => !this.policy.isAddressAllowed(a.address, port));
    if (refused) throw refusedTarget(`${host} resolves to ${refused.address}`);
    return addresses[0].address;
  }
}
