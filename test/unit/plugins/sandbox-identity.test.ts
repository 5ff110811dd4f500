import { ConfigError } from '../../../adapters/config/config-error';
import { loadConfig } from '../../../adapters/config/load-config';
import { sandboxIdentity } from '../../../plugins/kernel/sandbox/sandbox-identity';

describe('sandboxIdentity', () => {
  it('When the server does not run as root, Then workers keep its user (only root may switch)', () => {
    expect(sandboxIdentity('nobody', 1000)).toBeUndefined();
  });

  it('When the server runs as root and SANDBOX_USER is a uid or uid:gid, Then workers run as exactly that', () => {
    expect(sandboxIdentity('65534', 0)).toEqual({ uid: 65534, gid: 65534 });
    expect(sandboxIdentity('1000:1001', 0)).toEqual({ uid: 1000, gid: 1001 });
  });

  it('When SANDBOX_USER names root, Then it is refused rather than leaving workers privileged', () => {
    expect(() => sandboxIdentity('0', 0)).toThrow(/unprivileged/);
    expect(() => sandboxIdentity('0:0', 0)).toThrow(/unprivileged/);
  });

  it('When SANDBOX_USER is unset, Then it is nobody; when it is not a user name or id, Then start-up fails naming it', () => {
    expect(loadConfig({}).sandbox.user).toBe('nobody');
    expect(() => loadConfig({ SANDBOX_USER: '-u root' })).toThrow(ConfigError);
    expect(() => loadConfig({ SANDBOX_USER: '$(id)' })).toThrow(/SANDBOX_USER/);
  });
});
