import { createSecretKey, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { JwtTokenService } from '../../../../adapters/auth/jwt-token-service';
import { VerifiedTokenCache } from '../../../../adapters/auth/verified-token-cache';
import { CryptoIdGenerator } from '../../../../adapters/system/crypto-id-generator';
import { InvalidTokenError } from '../../../../core/domain/auth/auth.errors';
import { Clock } from '../../../../core/ports/clock.port';

class HandClock implements Clock {
  constructor(public current: number) {}
  now(): Date {
    return new Date(this.current);
  }
}

const START = Date.UTC(2030, 0, 1, 8);

function service(cache = new VerifiedTokenCache()) {
  const key = createSecretKey(randomBytes(32));
  const clock = new HandClock(START);
  return { key, clock, cache, tokens: new JwtTokenService(key, 'platform', clock, new CryptoIdGenerator(), cache) };
}

describe('JwtTokenService', () => {
  it('verifies a token it issued, and again from what it remembers', () => {
    const { tokens, cache } = service();
    const { token } = tokens.issue('user-1', 'access', 900);
    expect(tokens.verify(token, 'access').sub).toBe('user-1');
    expect(cache.size).toBe(1);
    expect(tokens.verify(token, 'access')).toMatchObject({ sub: 'user-1', typ: 'access' });
  });

  it('refuses a remembered token once it expires, within the hold time', () => {
    const { tokens, clock } = service();
    const { token } = tokens.issue('user-1', 'access', 30);
    tokens.verify(token, 'access');
    clock.current = START + 29_000;
    expect(tokens.verify(token, 'access').sub).toBe('user-1');
    clock.current = START + 30_000;
    expect(() => tokens.verify(token, 'access')).toThrow(InvalidTokenError);
  });

  it('refuses a remembered token of the other type', () => {
    const { tokens } = service();
    const { token } = tokens.issue('user-1', 'refresh', 900);
    expect(tokens.verify(token, 'refresh').typ).toBe('refresh');
    expect(() => tokens.verify(token, 'access')).toThrow(InvalidTokenError);
  });

  it('refuses a token whose text differs from a remembered one, and remembers no refusal', () => {
    const { tokens, cache } = service();
    const { token } = tokens.issue('user-1', 'access', 900);
    tokens.verify(token, 'access');
    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...jwt.decode(token, { json: true }), sub: 'admin-1' })).toString('base64url');
    expect(() => tokens.verify(`${header}.${forgedPayload}.${token.split('.')[2]}`, 'access')).toThrow(InvalidTokenError);
    expect(() => tokens.verify(`${header}.${payload}.`, 'access')).toThrow(InvalidTokenError);
    expect(cache.size).toBe(1);
  });

  it('verifies a token with a not-before time every time', () => {
    const { tokens, key, cache, clock } = service();
    const nowSeconds = START / 1000;
    const claims = { sub: 'user-1', jti: 'j1', typ: 'access', exp: nowSeconds + 900, nbf: nowSeconds + 60 };
    const token = jwt.sign(claims, key, { algorithm: 'HS256', issuer: 'agent-platform', audience: 'platform' });
    expect(() => tokens.verify(token, 'access')).toThrow(InvalidTokenError);
    clock.current = START + 60_000;
    expect(tokens.verify(token, 'access').sub).toBe('user-1');
    expect(cache.size).toBe(0);
  });
});

describe('VerifiedTokenCache', () => {
  const claims = (exp: number) => ({ sub: 'u', jti: 'j', typ: 'access' as const, exp });

  it('forgets an entry after the hold time even if the token lives longer', () => {
    const cache = new VerifiedTokenCache(10, 60);
    cache.remember('t', claims(10_000), 1_000);
    expect(cache.get('t', 1_059)).toBeDefined();
    expect(cache.get('t', 1_060)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the oldest entry when full', () => {
    const cache = new VerifiedTokenCache(2, 60);
    cache.remember('a', claims(10_000), 1_000);
    cache.remember('b', claims(10_000), 1_000);
    cache.remember('c', claims(10_000), 1_000);
    expect(cache.get('a', 1_001)).toBeUndefined();
    expect(cache.get('b', 1_001)).toBeDefined();
    expect(cache.get('c', 1_001)).toBeDefined();
  });

  it('hands out claims nobody can change', () => {
    const cache = new VerifiedTokenCache();
    const kept = cache.remember('t', claims(10_000), 1_000);
    expect(Object.isFrozen(kept)).toBe(true);
  });
});
