import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AgentOrmEntity } from './agent.orm-entity';

/** Row of `agent_versions`: the payload of one version of an agent. Goes with its agent (foreign key, cascade). */
@Entity({ name: 'agent_versions' })
export class AgentVersionOrmEntity {
  @PrimaryColumn({ name: 'agent_id', type: 'varchar', length: 36 })
  agentId!: string;

  @PrimaryColumn({ type: 'integer' })
  version!: number;

  @ManyToOne(() => AgentOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'agent_id', foreignKeyConstraintName: 'FK_agent_versions_agent' })
  agent?: AgentOrmEntity;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ name: 'system_prompt', type: 'text' })
  systemPrompt!: string;

  /** JSON `{provider, modelName, temperature[, modelConfigId]}`. */
  @Column({ name: 'model_config', type: 'text' })
  modelConfig!: string;

  @Column({ name: 'iteration_limit', type: 'integer' })
  iterationLimit!: number;

  /** JSON array of tool ids. */
  @Column({ name: 'include_tools', type: 'text' })
  includeTools!: string;

  /** JSON object `{nodes, edges}`. */
  @Column({ name: 'workflow_config', type: 'text' })
  workflowConfig!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
