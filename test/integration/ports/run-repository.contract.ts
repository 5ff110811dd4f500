import { randomUUID } from 'node:crypto';
import { Run } from '../../../core/domain/run/run.entity';
import { ExpiredStateSweeper } from '../../../core/ports/expired-state-sweeper.port';
import { RunRepository } from '../../../core/ports/run-repository.port';

export interface RunRepositoryHarness {
  runs: RunRepository & ExpiredStateSweeper;
  destroy(): Promise<void>;
}

const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

export function aRun(overrides: Partial<Run> = {}): Run {
  return {
    id: randomUUID(),
    kind: 'chat',
    ownerId: randomUUID(),
    status: 'running',
    leaseOwner: null,
    leaseExpiresAt: null,
    createdAt: T0,
    updatedAt: T0,
    expiresAt: at(86_400_000),
    ...overrides,
  };
}

export function describeRunRepositoryContract(name: string, makeHarness: () => Promise<RunRepositoryHarness>): void {
  describe(name, () => {
    let harness: RunRepositoryHarness;
    const runs = () => harness.runs;
    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When a run is created, Then it is found with every field unchanged; an unknown id is undefined', async () => {
      const plain = aRun();
      const leased = aRun({ kind: 'execution', leaseOwner: 'worker-1', leaseExpiresAt: at(30_000) });
      for (const run of [plain, leased]) await runs().create(run);
      expect(await runs().findById(plain.id)).toEqual(plain);
      expect(await runs().findById(leased.id)).toEqual(leased);
      expect(await runs().findById(randomUUID())).toBeUndefined();
    });

    it('When a run ends, Then its status and update time change and its lease is cleared', async () => {
      const run = aRun({ leaseOwner: 'worker-1', leaseExpiresAt: at(30_000) });
      await runs().create(run);
      await runs().setStatus(run.id, 'completed', at(5_000));
      expect(await runs().findById(run.id)).toEqual({ ...run, status: 'completed', updatedAt: at(5_000), leaseOwner: null, leaseExpiresAt: null });
    });

    it('When workers claim a lease, Then a free one is taken, a held one refused until it expires, and the holder may renew it', async () => {
      const run = aRun();
      await runs().create(run);
      expect(await runs().claimLease(run.id, 'a', at(0), at(10_000))).toBe(true);
      expect(await runs().claimLease(run.id, 'b', at(9_999), at(20_000))).toBe(false);
      expect(await runs().claimLease(run.id, 'a', at(5_000), at(15_000))).toBe(true);
      expect(await runs().findById(run.id)).toMatchObject({ leaseOwner: 'a', leaseExpiresAt: at(15_000) });
      // The holder died: its lease ran out and another worker reclaims the run.
      expect(await runs().claimLease(run.id, 'b', at(15_000), at(25_000))).toBe(true);
      expect(await runs().findById(run.id)).toMatchObject({ leaseOwner: 'b', leaseExpiresAt: at(25_000) });
    });

    it('When many workers race for one expired lease, Then exactly one wins', async () => {
      const run = aRun({ leaseOwner: 'dead', leaseExpiresAt: at(0) });
      await runs().create(run);
      const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => runs().claimLease(run.id, `w${i}`, at(1_000), at(60_000))));
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it('When a run has ended or does not exist, Then no lease can be claimed on it', async () => {
      const run = aRun();
      await runs().create(run);
      await runs().setStatus(run.id, 'failed', at(1));
      expect(await runs().claimLease(run.id, 'a', at(2), at(10_000))).toBe(false);
      expect(await runs().claimLease(randomUUID(), 'a', at(2), at(10_000))).toBe(false);
    });

    it('When its time has come, Then the expiry sweep deletes a run, and not before', async () => {
      const run = aRun({ expiresAt: at(500_000_000) });
      await runs().create(run);
      await runs().sweepExpired(at(499_999_999));
      expect(await runs().findById(run.id)).toBeDefined();
      expect(await runs().sweepExpired(at(500_000_000))).toBeGreaterThanOrEqual(1);
      expect(await runs().findById(run.id)).toBeUndefined();
    });
  });
}
