import { loggedUrl } from '../../../../contracts/http/logged-url';

describe('loggedUrl', () => {
  it('keeps a URL without a query, or without credential-like parameters, as it is', () => {
    expect(loggedUrl('/api/v1/agents')).toBe('/api/v1/agents');
    expect(loggedUrl('/api/v1/agents?page=2&search=a%20b')).toBe('/api/v1/agents?page=2&search=a%20b');
  });

  it('masks the values of credential-like parameters, every occurrence, whatever their case', () => {
    const url = loggedUrl('/api/v1/webhooks/abc?token=s3cret&page=1&API_KEY=k1&api_key=k2&Signature=x&x-auth=y');
    expect(url).not.toMatch(/s3cret|k1|k2|=x&|=y$/);
    expect(new URLSearchParams(url.split('?')[1]).get('page')).toBe('1');
    expect(new URLSearchParams(url.split('?')[1]).getAll('api_key')).toEqual(['[redacted]']);
  });
});
