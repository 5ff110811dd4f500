import { ConfigError } from '../../../../adapters/config/config-error';
import { loadConfig } from '../../../../adapters/config/load-config';

describe('loadConfig: authentication limits, administrators and TRUST_PROXY', () => {
  it('When nothing is set, Then the limits of decisions.md apply, no administrator is configured and no proxy is trusted', () => {
    const config = loadConfig({});

    expect(config.auth.limits).toEqual({ loginFailuresPerAddress: 100, loginFailuresPerEmail: 10, registrationsPerAddressPerHour: 100 });
    expect(config.auth.adminEmails).toEqual([]);
    expect(config.auth.adminInitialPassword).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it('When the variables are set, Then they are typed', () => {
    const config = loadConfig({
      LOGIN_FAILURES_PER_ADDRESS: '50',
      LOGIN_FAILURES_PER_EMAIL: '5',
      REGISTER_PER_ADDRESS_PER_HOUR: '20',
      ADMIN_EMAILS: 'Root@Example.com',
      ADMIN_INITIAL_PASSWORD: 'initial password 1',
    });

    expect(config.auth.limits).toEqual({ loginFailuresPerAddress: 50, loginFailuresPerEmail: 5, registrationsPerAddressPerHour: 20 });
    expect(config.auth.adminEmails).toEqual(['root@example.com']);
    expect(config.auth.adminInitialPassword).toBe('initial password 1');
  });

  it.each([
    ['false', false],
    ['true', true],
    ['2', 2],
    ['0', 0],
    ['loopback', ['loopback']],
    [' 10.0.0.1, 192.168.0.0/16 ,fd00::/8 ', ['10.0.0.1', '192.168.0.0/16', 'fd00::/8']],
  ])('When TRUST_PROXY is %p, Then the Express trust proxy setting is %p', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1/8/8' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1000' }, 'TRUST_PROXY'],
    [{ LOGIN_FAILURES_PER_EMAIL: '0' }, 'LOGIN_FAILURES_PER_EMAIL'],
    [{ LOGIN_FAILURES_PER_ADDRESS: 'many' }, 'LOGIN_FAILURES_PER_ADDRESS'],
    [{ REGISTER_PER_ADDRESS_PER_HOUR: '-1' }, 'REGISTER_PER_ADDRESS_PER_HOUR'],
    [{ ADMIN_INITIAL_PASSWORD: 'password' }, 'ADMIN_INITIAL_PASSWORD'],
    [{ ADMIN_EMAILS: 'root@example.com, not-an-address' }, 'ADMIN_EMAILS'],
  ])('When %p, Then start-up fails naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(variable));
  });
});
