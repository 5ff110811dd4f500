import { HttpToolConfig } from '../../../../core/domain/tool/custom-tool.entity';
import { storedSecretMustBeResent } from '../../../../core/domain/tool/stored-secret.rules';

const config = (url: string, auth: HttpToolConfig['auth'] = { type: 'bearer' }): HttpToolConfig => ({
  url,
  method: 'GET',
  headers: {},
  bodyTemplate: null,
  responseMapping: null,
  auth,
});

describe('storedSecretMustBeResent', () => {
  it('When the URL keeps its origin, Then the stored secret stays with the tool', () => {
    expect(storedSecretMustBeResent(config('https://api.example.com/v1?q={{city}}'), config('https://API.example.com:443/v2/{{city}}'))).toBe(false);
  });

  it.each([
    ['another host', 'https://collector.attacker.test/v1'],
    ['another scheme', 'http://api.example.com/v1'],
    ['another port', 'https://api.example.com:8443/v1'],
    ['a subdomain', 'https://eu.api.example.com/v1'],
  ])('When the URL moves to %s, Then the secret must be sent again', (_what, url) => {
    expect(storedSecretMustBeResent(config('https://api.example.com/v1'), config(url))).toBe(true);
  });

  it('When the update removes auth, Then there is no secret to resend', () => {
    expect(storedSecretMustBeResent(config('https://api.example.com/v1'), config('https://other.example/v1', null))).toBe(false);
  });
});
