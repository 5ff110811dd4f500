import { createPinoRoot, withoutCredentialHeaders } from '../../../../adapters/system/pino-logger';

describe('withoutCredentialHeaders', () => {
  it('drops the credential headers of a logged request, whatever their case, and keeps the rest', () => {
    const req = {
      method: 'POST',
      headers: { Authorization: 'Bearer a', cookie: 'c', 'x-api-key': 'k', 'X-Webhook-Token': 't', 'content-type': 'application/json' },
    };
    expect(withoutCredentialHeaders(req)).toEqual({ method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(req.headers.Authorization).toBe('Bearer a');
  });

  it('leaves a request without headers, and anything that is not an object, as it is', () => {
    const req = { id: 'r1', method: 'GET', url: '/' };
    expect(withoutCredentialHeaders(req)).toBe(req);
    expect(withoutCredentialHeaders('GET /')).toBe('GET /');
    expect(withoutCredentialHeaders(null)).toBeNull();
  });
});

describe('createPinoRoot', () => {
  it('builds the root logger at the configured level', () => {
    expect(createPinoRoot('warn').level).toBe('warn');
  });
});
