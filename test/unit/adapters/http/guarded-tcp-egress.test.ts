import { GuardedTcpEgress } from '../../../../adapters/http/guarded-tcp-egress';
import { DomainError } from '../../../../core/shared/domain-error';

// A fake DNS: no network in unit tests, and names that resolve where a test needs them to.
const DNS: Record<string, string[]> = {
  'db.example.com': ['93.184.216.34'],
  'rebind.example.com': ['93.184.216.34', '10.0.0.5'],
  'db.internal': ['10.1.2.3'],
};
const resolver = async (hostname: string) => {
  const addresses = DNS[hostname];
  if (!addresses) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: 4 }));
};

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'none';
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
}

describe('GuardedTcpEgress', () => {
  const guard = new GuardedTcpEgress({ resolver, allowHosts: ['db.internal:3306', '192.168.7.0/24'] });

  it('When a public host is vetted, Then its resolved address is returned to connect to', async () => {
    expect(await guard.vet('db.example.com', 3306)).toBe('93.184.216.34');
    expect(await guard.vet('93.184.216.34', 3306)).toBe('93.184.216.34');
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['bracketed IPv6 loopback', '[::1]'],
    ['a private address', '10.0.0.1'],
    ['the metadata address', '169.254.169.254'],
    ['localhost', 'localhost'],
    ['a name with one private address among public ones', 'rebind.example.com'],
    ['an allow-listed name on another port', 'db.internal'],
  ])('When the host is %s, Then it is refused', async (_name, host) => {
    expect(await codeOf(guard.vet(host, host === 'db.internal' ? 5432 : 3306))).toBe('egress.forbidden_target');
  });

  it('When the operator allow-lists a name or a range, Then private addresses behind it are allowed', async () => {
    expect(await guard.vet('db.internal', 3306)).toBe('10.1.2.3');
    expect(await guard.vet('192.168.7.20', 3306)).toBe('192.168.7.20');
  });

  it('When the name does not resolve, Then it is an upstream error', async () => {
    expect(await codeOf(guard.vet('nowhere.example.com', 3306))).toBe('egress.upstream_error');
  });
});
