import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AgentPayloadColumns } from './agent-payload-columns';
import { AgentOrmEntity } from './agent.orm-entity';

/** Row of `agent_versions`: the payload of one version of an agent. Goes with its agent (foreign key, cascade). */
@Entity({ name: 'agent_versions' })
export class AgentVersionOrmEntity extends AgentPayloadColumns {
  @PrimaryColumn({ name: 'agent_id', type: 'varchar', length: 36 })
  agentId!: string;

  @PrimaryColumn({ type: 'integer' })
  version!: number;

  @ManyToOne(() => AgentOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'agent_id', foreignKeyConstraintName: 'FK_agent_versions_agent' })
  agent?: AgentOrmEntity;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
