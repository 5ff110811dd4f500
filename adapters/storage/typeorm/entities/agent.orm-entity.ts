import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Row of `agents`; the schema itself is owned by the migrations. */
@Entity({ name: 'agents' })
@Index('IDX_agents_owner', ['ownerId'])
export class AgentOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  /** Empty when the agent has none. */
  @Column({ name: 'system_prompt', type: 'text' })
  systemPrompt!: string;

  /** JSON `{provider, modelName, temperature}`. */
  @Column({ name: 'model_config', type: 'text' })
  modelConfig!: string;

  /** `modelConfig.modelConfigId` (empty when none), in a column of its own so deleting the configuration can clear it. */
  @Index('IDX_agents_model_config')
  @Column({ name: 'model_config_id', type: 'varchar', length: 36 })
  modelConfigId!: string;

  @Column({ name: 'iteration_limit', type: 'integer' })
  iterationLimit!: number;

  /** JSON array of tool ids. */
  @Column({ name: 'include_tools', type: 'text' })
  includeTools!: string;

  /** JSON object `{nodes, edges}`. */
  @Column({ name: 'workflow_config', type: 'text' })
  workflowConfig!: string;

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
