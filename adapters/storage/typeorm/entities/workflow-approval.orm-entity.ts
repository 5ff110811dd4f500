import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { ExecutionOrmEntity } from './execution.orm-entity';

/**
 * Row of `workflow_approvals`; the schema is owned by the migrations. No column is nullable: no
 * decision is '', no decision time the epoch; the JSON columns hold a wrapper object
 * (`{schema}`, `{value}`) so a null inside never becomes SQL NULL.
 */
@Entity({ name: 'workflow_approvals' })
@Unique('UQ_workflow_approvals_node', ['executionId', 'nodeId'])
@Index('IDX_workflow_approvals_owner_status', ['ownerId', 'status', 'createdAt'])
export class WorkflowApprovalOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'execution_id', type: 'varchar', length: 36 })
  executionId!: string;

  /** Declared so the schema knows the foreign key (deleting the execution deletes its approvals); never loaded. */
  @ManyToOne(() => ExecutionOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'execution_id', foreignKeyConstraintName: 'FK_workflow_approvals_execution' })
  execution?: ExecutionOrmEntity;

  @Column({ name: 'node_id', type: 'varchar', length: 64 })
  nodeId!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: string;

  @Column({ type: 'text' })
  prompt!: string;

  @Column({ name: 'input_schema', type: 'json' })
  inputSchema!: object;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ type: 'varchar', length: 16 })
  decision!: string;

  @Column({ type: 'text' })
  comment!: string;

  @Column({ type: 'json' })
  input!: object;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'decided_at', type: 'datetime', precision: 3 })
  decidedAt!: Date;
}
