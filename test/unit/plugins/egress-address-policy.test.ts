import { EgressAddressPolicy } from '../../../adapters/http/egress-address-policy';

describe('EgressAddressPolicy', () => {
  const strict = new EgressAddressPolicy();

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public unicast address %s', (address) => {
    expect(strict.isAddressAllowed(address, 443)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '10.1.2.3',
    '172.16.5.4',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::',
    'fd12::1',
    'fe80::1',
    '224.0.0.1',
    '255.255.255.255',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(strict.isAddressAllowed(address, 80)).toBe(false);
  });

  it.each([
    ['IPv4-compatible loopback', '::7f00:1'],
    ['IPv4-compatible private', '::a00:1'],
    ['IPv4-compatible public', '::808:808'],
    ['unallocated 4000::/3', '4000::1'],
    ['unallocated 1000::/4', '1000::1'],
    ['site-local', 'fec0::1'],
    ['documentation', '2001:db8::1'],
  ])('refuses the IPv6 address outside global unicast, %s %s', (_kind, address) => {
    expect(strict.isAddressAllowed(address, 443)).toBe(false);
  });

  it.each(['2001:4860:4860::8888', '2a00:1450:4001::200e', '2c0f:fb50:4003::1'])('allows the global unicast IPv6 address %s', (address) => {
    expect(strict.isAddressAllowed(address, 443)).toBe(true);
  });

  it('When the operator allow-lists ip:port, Then only that port of that address is allowed', () => {
    const policy = new EgressAddressPolicy(['127.0.0.1:8080']);
    expect(policy.isAddressAllowed('127.0.0.1', 8080)).toBe(true);
    expect(policy.isAddressAllowed('::ffff:127.0.0.1', 8080)).toBe(true);
    expect(policy.isAddressAllowed('127.0.0.1', 8081)).toBe(false);
    expect(policy.isAddressAllowed('127.0.0.2', 8080)).toBe(false);
  });

  it('When the operator allow-lists a CIDR or a host name, Then those are allowed', () => {
    const policy = new EgressAddressPolicy(['10.0.0.0/8', 'internal.corp', 'svc.local:9000', '[::1]:3000']);
    expect(policy.isAddressAllowed('10.200.0.1', 1)).toBe(true);
    expect(policy.isAddressAllowed('11.0.0.1', 1)).toBe(true);
    expect(policy.isAddressAllowed('192.168.0.1', 1)).toBe(false);
    expect(policy.isHostAllowListed('INTERNAL.corp', 80)).toBe(true);
    expect(policy.isHostAllowListed('svc.local', 9000)).toBe(true);
    expect(policy.isHostAllowListed('svc.local', 9001)).toBe(false);
    expect(policy.isAddressAllowed('::1', 3000)).toBe(true);
    expect(policy.isAddressAllowed('::1', 3001)).toBe(false);
  });
});
