import { randomUUID } from 'node:crypto';
import { RateLimitRule } from '../../../core/domain/rate-limit/rate-limit';
import { ExpiredStateSweeper } from '../../../core/ports/expired-state-sweeper.port';
import { RateLimiter } from '../../../core/ports/rate-limiter.port';

export interface RateLimiterHarness {
  limiter: RateLimiter;
  /** The adapter's expiry sweep over its windows. */
  sweeper: ExpiredStateSweeper;
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

    it('When calls weigh more than one, Then each counts its cost and one that would pass the limit is refused without counting', async () => {
      const b = bucket();
      const rule = { limit: 10, windowSeconds: 60 };

      const first = await limiter().consume(b, rule, at(0), 6);
      const tooHeavy = await limiter().consume(b, rule, at(1), 5);
      const fits = await limiter().consume(b, rule, at(2), 4);

      expect([first.allowed, first.remaining]).toEqual([true, 4]);
      expect(tooHeavy.allowed).toBe(false);
      expect([fits.allowed, fits.remaining]).toEqual([true, 0]);
      expect((await limiter().consume(b, rule, at(3), 11)).allowed).toBe(false);
      expect((await limiter().consume(bucket(), rule, at(3), 11)).allowed).toBe(false);
    });

    it('When 40 calls of cost 3 race with a limit of 30, Then exactly 10 are allowed', async () => {
      const b = bucket();
      const rule = { limit: 30, windowSeconds: 60 };

      const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter().consume(b, rule, at(0), 3)));

      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    });

    it('When an allowed call is refunded, Then its cost is free again in that window, and a refund after the window ended changes nothing', async () => {
      const b = bucket();
      const full = [await limiter().consume(b, RULE, at(0)), await limiter().consume(b, RULE, at(1)), await limiter().consume(b, RULE, at(2))];

      await limiter().refund(b, full[2]);
      const again = await limiter().consume(b, RULE, at(3));
      expect([again.allowed, again.remaining]).toEqual([true, 0]);

      const nextWindow = await limiter().consume(b, RULE, at(60));
      await limiter().refund(b, full[0]);
      expect((await limiter().consume(b, RULE, at(61))).remaining).toBe(1);
      expect(nextWindow.remaining).toBe(2);
    });

    it('When the expiry sweep runs, Then buckets whose window ended are deleted and live ones keep their count', async () => {
      const [ended, live] = [bucket(), bucket()];
      await limiter().consume(ended, RULE, at(0));
      for (let n = 0; n < 3; n += 1) await limiter().consume(live, RULE, at(50));

      const removed = await harness.sweeper.sweepExpired(at(70));

      expect(removed).toBeGreaterThanOrEqual(1);
      expect((await limiter().consume(live, RULE, at(71))).allowed).toBe(false);
      expect((await limiter().consume(ended, RULE, at(71))).remaining).toBe(2);
    });
  });
}
