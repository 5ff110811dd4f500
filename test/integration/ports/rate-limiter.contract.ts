import { randomUUID } from 'node:crypto';
import { RateLimitRule } from '../../../core/domain/rate-limit/rate-limit';
import { RateLimiter } from '../../../core/ports/rate-limiter.port';

export interface RateLimiterHarness {
  limiter: RateLimiter;
  destroy(): Promise<void>;
}

const RULE: RateLimitRule = { limit: 3, windowSeconds: 60 };
const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const bucket = () => `test:${randomUUID()}`;

export function describeRateLimiterContract(name: string, makeHarness: () => Promise<RateLimiterHarness>): void {
  describe(name, () => {
    let harness: RateLimiterHarness;
    const limiter = (): RateLimiter => harness.limiter;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When a new bucket is counted up to its limit, Then each call is allowed with the remaining count going down and the window ending windowSeconds after the first', async () => {
      const b = bucket();
      const decisions = [await limiter().consume(b, RULE, at(0)), await limiter().consume(b, RULE, at(10)), await limiter().consume(b, RULE, at(20))];

      expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
        [true, 2],
        [true, 1],
        [true, 0],
      ]);
      for (const decision of decisions) {
        expect(decision).toMatchObject({ limit: 3, windowSeconds: 60 });
        expect(decision.resetAt).toEqual(at(60));
      }
    });

    it('When the limit is reached, Then further calls in the window are refused with remaining 0 and the same reset', async () => {
      const b = bucket();
      for (let n = 0; n < 3; n += 1) await limiter().consume(b, RULE, at(n));

      const refused = await limiter().consume(b, RULE, at(59.9));

      expect(refused).toEqual({ allowed: false, limit: 3, remaining: 0, windowSeconds: 60, resetAt: at(60) });
      expect((await limiter().consume(b, RULE, at(59.95))).allowed).toBe(false);
    });

    it('When the window has ended, Then a new window starts at the next call with a fresh count', async () => {
      const b = bucket();
      for (let n = 0; n < 4; n += 1) await limiter().consume(b, RULE, at(n));

      const next = await limiter().consume(b, RULE, at(60));

      expect(next).toEqual({ allowed: true, limit: 3, remaining: 2, windowSeconds: 60, resetAt: at(120) });
    });

    it('When windows start late, Then they are anchored to their first call, not to the clock', async () => {
      const b = bucket();
      await limiter().consume(b, RULE, at(0));

      const later = await limiter().consume(b, RULE, at(95));

      expect(later.remaining).toBe(2);
      expect(later.resetAt).toEqual(at(155));
    });

    it('When two buckets are counted, Then they do not share a count', async () => {
      const [a, b] = [bucket(), bucket()];
      for (let n = 0; n < 3; n += 1) await limiter().consume(a, RULE, at(0));

      expect((await limiter().consume(a, RULE, at(1))).allowed).toBe(false);
      expect((await limiter().consume(b, RULE, at(1))).remaining).toBe(2);
    });

    it('When 40 calls race on a new bucket with a limit of 20, Then exactly 20 are allowed, each with a distinct remaining count', async () => {
      const b = bucket();
      const rule = { limit: 20, windowSeconds: 60 };

      const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter().consume(b, rule, at(0))));

      const allowed = decisions.filter((d) => d.allowed);
      expect(allowed).toHaveLength(20);
      expect(allowed.map((d) => d.remaining).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(decisions.filter((d) => !d.allowed).every((d) => d.remaining === 0)).toBe(true);
    });

    it('When 30 calls race on a bucket whose window has just ended, Then exactly the limit of them open and fill the new window', async () => {
      const b = bucket();
      const rule = { limit: 10, windowSeconds: 60 };
      for (let n = 0; n < 10; n += 1) await limiter().consume(b, rule, at(0));

      const decisions = await Promise.all(Array.from({ length: 30 }, () => limiter().consume(b, rule, at(61))));

      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
      expect(decisions.every((d) => d.resetAt.getTime() === at(121).getTime())).toBe(true);
    });
  });
}
