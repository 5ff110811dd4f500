import { lookup as dnsLookup, LookupAddress, LookupOptions } from 'node:dns';
import { EgressAddressPolicy } from './egress-address-policy';
import { refusedTarget } from './egress-failures';

/** Resolves every address of a name (node's `dns.lookup` with `all: true` by default). */
export type DnsResolver = (hostname: string, family: number) => Promise<LookupAddress[]>;

export const systemResolver: DnsResolver = (hostname, family) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, family }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s) that resolves the name, refuses it when any address is not
 * allowed, and hands the socket exactly the checked addresses: the connection goes where
 * the check looked, so a DNS answer that changes between check and connect (rebinding)
 * cannot slip another address in.
 */
export function guardedLookup(policy: EgressAddressPolicy, port: number, hostAllowListed: boolean, resolver: DnsResolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const family = typeof options.family === 'number' ? options.family : 0;
    resolver(hostname, family).then(
      (addresses) => {
        const refused = addresses.find((a) => !hostAllowListed && !policy.isAddressAllowed(a.address, port));
        if (refused || addresses.length === 0) {
          // The socket emits this very object, so the request code recognises it by class.
          const detail = refused ? `${hostname} resolves to ${refused.address}` : `${hostname} resolves to no address`;
          callback(refusedTarget(detail) as NodeJS.ErrnoException, []);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}
