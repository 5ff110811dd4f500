import { randomUUID } from 'node:crypto';
import { WebhookDelivery } from '../../../core/domain/webhook/webhook-delivery';
import { ExpiredStateSweeper } from '../../../core/ports/expired-state-sweeper.port';
import { WebhookDeliveryRepository } from '../../../core/ports/webhook-delivery-repository.port';

export interface WebhookDeliveryRepositoryHarness {
  deliveries: WebhookDeliveryRepository & ExpiredStateSweeper;
  /** The same storage through another connection (another API process). */
  otherProcess: WebhookDeliveryRepository;
  destroy(): Promise<void>;
}

const NOW = new Date('2030-04-01T12:00:00.000Z');
const HOUR = 3_600_000;

function aDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    workflowId: randomUUID(),
    idempotencyKey: `delivery-${randomUUID()}`,
    executionId: randomUUID(),
    createdAt: NOW,
    expiresAt: new Date(NOW.getTime() + 24 * HOUR),
    ...overrides,
  };
}

export function describeWebhookDeliveryRepositoryContract(name: string, makeHarness: () => Promise<WebhookDeliveryRepositoryHarness>): void {
  describe(name, () => {
    let harness: WebhookDeliveryRepositoryHarness;
    const repository = (): WebhookDeliveryRepositoryHarness['deliveries'] => harness.deliveries;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When a key is claimed, Then it is found until it expires, and a second claim of it fails', async () => {
      const delivery = aDelivery();
      expect(await repository().claim(delivery, NOW)).toBe(true);
      expect(await repository().find(delivery.workflowId, delivery.idempotencyKey, NOW)).toEqual(delivery);
      expect(await repository().claim({ ...delivery, executionId: randomUUID() }, NOW)).toBe(false);
      expect(await repository().find(delivery.workflowId, delivery.idempotencyKey, delivery.expiresAt)).toBeUndefined();
      expect(await repository().find(randomUUID(), delivery.idempotencyKey, NOW)).toBeUndefined();
    });

    it('When keys differ only in case, or the workflow differs, Then they are separate deliveries', async () => {
      const delivery = aDelivery({ idempotencyKey: `Key-${randomUUID()}` });
      expect(await repository().claim(delivery, NOW)).toBe(true);
      expect(await repository().claim(aDelivery({ workflowId: delivery.workflowId, idempotencyKey: delivery.idempotencyKey.toLowerCase() }), NOW)).toBe(true);
      expect(await repository().claim(aDelivery({ idempotencyKey: delivery.idempotencyKey }), NOW)).toBe(true);
    });

    it('When the stored claim has expired, Then a new claim replaces it', async () => {
      const old = aDelivery({ expiresAt: new Date(NOW.getTime() - 1) });
      expect(await repository().claim(old, new Date(NOW.getTime() - 2))).toBe(true);
      const fresh = { ...old, executionId: randomUUID(), expiresAt: new Date(NOW.getTime() + HOUR) };
      expect(await repository().claim(fresh, NOW)).toBe(true);
      expect(await repository().find(old.workflowId, old.idempotencyKey, NOW)).toEqual(fresh);
    });

    it('When two processes claim the same key at once, many times, Then exactly one wins each', async () => {
      const deliveries = Array.from({ length: 10 }, () => aDelivery());
      const claims = deliveries.flatMap((delivery) =>
        [repository(), harness.otherProcess, repository(), harness.otherProcess].map(async (process) => ({
          key: delivery.idempotencyKey,
          won: await process.claim({ ...delivery, executionId: randomUUID() }, NOW),
        })),
      );
      const results = await Promise.all(claims);
      for (const delivery of deliveries) expect(results.filter((result) => result.key === delivery.idempotencyKey && result.won)).toHaveLength(1);
    });

    it('When a stale claim is taken over, Then only the first taker that names its execution succeeds', async () => {
      const stale = aDelivery();
      await repository().claim(stale, NOW);
      const taker = { ...stale, executionId: randomUUID(), createdAt: new Date(NOW.getTime() + HOUR) };
      expect(await repository().takeOver(stale.executionId, taker)).toBe(true);
      expect(await harness.otherProcess.takeOver(stale.executionId, { ...taker, executionId: randomUUID() })).toBe(false);
      expect(await repository().find(stale.workflowId, stale.idempotencyKey, NOW)).toEqual(taker);
    });

    it('When a claim is released, Then only the one naming that execution goes, and the key is free again', async () => {
      const delivery = aDelivery();
      await repository().claim(delivery, NOW);
      await repository().release(delivery.workflowId, delivery.idempotencyKey, randomUUID());
      expect(await repository().find(delivery.workflowId, delivery.idempotencyKey, NOW)).toEqual(delivery);
      await repository().release(delivery.workflowId, delivery.idempotencyKey, delivery.executionId);
      expect(await repository().find(delivery.workflowId, delivery.idempotencyKey, NOW)).toBeUndefined();
      expect(await repository().claim(delivery, NOW)).toBe(true);
    });

    it('When swept, Then expired deliveries are deleted and live ones kept', async () => {
      const later = new Date('2099-01-01T00:00:00.000Z');
      const expired = aDelivery({ expiresAt: new Date(later.getTime() - 1) });
      const live = aDelivery({ expiresAt: new Date(later.getTime() + HOUR) });
      await repository().claim(expired, NOW);
      await repository().claim(live, NOW);
      expect(await repository().sweepExpired(later)).toBeGreaterThanOrEqual(1);
      expect(await repository().find(expired.workflowId, expired.idempotencyKey, NOW)).toBeUndefined();
      expect(await repository().find(live.workflowId, live.idempotencyKey, NOW)).toEqual(live);
    });
  });
}
