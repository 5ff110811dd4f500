import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { AgentPayloadColumns } from './agent-payload-columns';

/**
 * Row of `agents`; the schema itself is owned by the migrations. The listing indexes end with
 * `id` (SQLite's secondary indexes do not carry a text primary key) so a page is read in index
 * order, and with the column the other visibility filter needs, so it is read from the index alone.
 */
@Entity({ name: 'agents' })
@Index('IDX_agents_owner_created', ['ownerId', 'createdAt', 'id', 'status'])
@Index('IDX_agents_owner_status_created', ['ownerId', 'status', 'createdAt', 'id'])
@Index('IDX_agents_status_created', ['status', 'createdAt', 'id', 'ownerId'])
@Index('IDX_agents_created', ['createdAt', 'id'])
export class AgentOrmEntity extends AgentPayloadColumns {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  /** `modelConfig.modelConfigId` (empty when none), in a column of its own so deleting the configuration can clear it. */
  @Index('IDX_agents_model_config')
  @Column({ name: 'model_config_id', type: 'varchar', length: 36 })
  modelConfigId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ type: 'integer' })
  version!: number;

  @Column({ name: 'is_main_agent', type: 'boolean' })
  isMainAgent!: boolean;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
