import { hostMatches } from '../../../plugins/kernel/capabilities/http-capability';

describe('hostMatches (capabilities.http.hosts)', () => {
  it.each([
    ['*', 'anything.example', true],
    ['api.example.com', 'api.example.com', true],
    ['api.example.com', 'evil-api.example.com', false],
    ['*.example.com', 'a.example.com', true],
    ['*.example.com', 'a.b.example.com', true],
    ['*.example.com', 'example.com', false],
    ['*.example.com', 'badexample.com', false],
    ['*.example.com', 'example.com.evil.net', false],
    ['API.Example.com', 'api.example.com', true],
  ])('%s matches %s: %s', (pattern, host, expected) => {
    expect(hostMatches(pattern, host)).toBe(expected);
  });
});
