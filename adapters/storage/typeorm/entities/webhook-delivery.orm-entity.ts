import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Row of `webhook_deliveries`: instants are epoch milliseconds, compared the same way on every dialect. */
@Entity({ name: 'webhook_deliveries' })
@Index('IDX_webhook_deliveries_expires', ['expiresMs'])
export class WebhookDeliveryOrmEntity {
  @PrimaryColumn({ name: 'workflow_id', type: 'varchar', length: 36 })
  workflowId!: string;

  @PrimaryColumn({ name: 'idempotency_key', type: 'varchar', length: 255 })
  idempotencyKey!: string;

  @Column({ name: 'execution_id', type: 'varchar', length: 36 })
  executionId!: string;

  @Column({ name: 'created_ms', type: 'bigint' })
  createdMs!: string | number;

  @Column({ name: 'expires_ms', type: 'bigint' })
  expiresMs!: string | number;
}
