import { AddressInfo } from 'node:net';
import { Server } from 'node:http';
import express from 'express';
import { parseTrustProxy } from '../../../adapters/config/trust-proxy';
import { clientAddressOf } from '../../../contracts/http/client-address';

/** A one-route app that answers the client address it sees, under a TRUST_PROXY value. */
async function addressSeen(trustProxy: string, forwardedFor?: string): Promise<string> {
  const app = express();
  app.set('trust proxy', parseTrustProxy(trustProxy));
  app.get('/', (req, res) => {
    res.json({ address: clientAddressOf(req) });
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  try {
    const headers: Record<string, string> = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers });
    return ((await response.json()) as { address: string }).address;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('clientAddressOf under TRUST_PROXY', () => {
  it('When no proxy is trusted, Then X-Forwarded-For is ignored and the TCP peer is the client', async () => {
    expect(await addressSeen('false', '203.0.113.7')).toBe('127.0.0.1');
  });

  it('When the peer is not among the trusted proxies, Then X-Forwarded-For is ignored', async () => {
    expect(await addressSeen('10.0.0.0/8, 192.0.2.1', '203.0.113.7')).toBe('127.0.0.1');
  });

  it('When the peer is a trusted proxy, Then the address it forwards is the client', async () => {
    expect(await addressSeen('loopback', '203.0.113.7')).toBe('203.0.113.7');
    expect(await addressSeen('127.0.0.1/32', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('When one hop is trusted, Then addresses the client put in front of the proxy’s own are not believed', async () => {
    expect(await addressSeen('1', '198.51.100.1, 203.0.113.8')).toBe('203.0.113.8');
  });

  it('When a trusted proxy forwards something that is no IP address, Then the peer counts instead', async () => {
    expect(await addressSeen('loopback', 'x'.repeat(2000))).toBe('127.0.0.1');
  });

  it('When the forwarded address is IPv6, Then the client counts by its /64, and an IPv4-mapped address as IPv4', async () => {
    expect(await addressSeen('loopback', '2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(await addressSeen('loopback', '::ffff:198.51.100.5')).toBe('198.51.100.5');
  });
});
