import { FindOptionsWhere, LessThanOrEqual, MoreThan } from 'typeorm';
import { WebhookDelivery } from '../../../../core/domain/webhook/webhook-delivery';
import { ExpiredStateSweeper } from '../../../../core/ports/expired-state-sweeper.port';
import { WebhookDeliveryRepository } from '../../../../core/ports/webhook-delivery-repository.port';
import { isDuplicateKeyError } from '../driver-errors';
import { WebhookDeliveryOrmEntity } from '../entities/webhook-delivery.orm-entity';
import { ManagerProvider } from '../manager-provider';

export class TypeOrmWebhookDeliveryRepository implements WebhookDeliveryRepository, ExpiredStateSweeper {
  constructor(private readonly managers: ManagerProvider) {}

  async find(workflowId: string, idempotencyKey: string, now: Date): Promise<WebhookDelivery | undefined> {
    const row = await this.managers.use((manager) =>
      manager.findOneBy(WebhookDeliveryOrmEntity, { workflowId, idempotencyKey, expiresMs: MoreThan(now.getTime()) }),
    );
    return row ? toDelivery(row) : undefined;
  }

  /** The primary key decides between racing inserts; an expired row is taken by one conditional update. */
  async claim(delivery: WebhookDelivery, now: Date): Promise<boolean> {
    try {
      await this.managers.use((manager) => manager.insert(WebhookDeliveryOrmEntity, toRow(delivery)));
      return true;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const { workflowId, idempotencyKey } = delivery;
    return this.replace({ workflowId, idempotencyKey, expiresMs: LessThanOrEqual(now.getTime()) }, delivery);
  }

  takeOver(staleExecutionId: string, delivery: WebhookDelivery): Promise<boolean> {
    const { workflowId, idempotencyKey } = delivery;
    return this.replace({ workflowId, idempotencyKey, executionId: staleExecutionId }, delivery);
  }

  async release(workflowId: string, idempotencyKey: string, executionId: string): Promise<void> {
    await this.managers.use((manager) => manager.delete(WebhookDeliveryOrmEntity, { workflowId, idempotencyKey, executionId }));
  }

  async sweepExpired(now: Date): Promise<number> {
    const result = await this.managers.use((manager) => manager.delete(WebhookDeliveryOrmEntity, { expiresMs: LessThanOrEqual(now.getTime()) }));
    return result.affected ?? 0;
  }

  /** One conditional update of the row's execution and times; MySQL counts matched rows, so `affected` says whether `where` held. */
  private async replace(where: FindOptionsWhere<WebhookDeliveryOrmEntity>, delivery: WebhookDelivery): Promise<boolean> {
    const { executionId, createdMs, expiresMs } = toRow(delivery);
    const result = await this.managers.use((manager) => manager.update(WebhookDeliveryOrmEntity, where, { executionId, createdMs, expiresMs }));
    return result.affected === 1;
  }
}

function toRow(delivery: WebhookDelivery): WebhookDeliveryOrmEntity {
  return {
    workflowId: delivery.workflowId,
    idempotencyKey: delivery.idempotencyKey,
    executionId: delivery.executionId,
    createdMs: delivery.createdAt.getTime(),
    expiresMs: delivery.expiresAt.getTime(),
  };
}

/** MySQL hands BIGINT back as a string. */
function toDelivery(row: WebhookDeliveryOrmEntity): WebhookDelivery {
  return {
    workflowId: row.workflowId,
    idempotencyKey: row.idempotencyKey,
    executionId: row.executionId,
    createdAt: new Date(Number(row.createdMs)),
    expiresAt: new Date(Number(row.expiresMs)),
  };
}
