import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { WorkflowOrmEntity } from './workflow.orm-entity';

/** Row of `workflow_versions`: what one version of a workflow held. Goes with its workflow (foreign key, cascade). */
@Entity({ name: 'workflow_versions' })
export class WorkflowVersionOrmEntity {
  @PrimaryColumn({ name: 'workflow_id', type: 'varchar', length: 36 })
  workflowId!: string;

  @PrimaryColumn({ type: 'integer' })
  version!: number;

  @ManyToOne(() => WorkflowOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'workflow_id', foreignKeyConstraintName: 'FK_workflow_versions_workflow' })
  workflow?: WorkflowOrmEntity;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  /** A `json` column for the reason WorkflowOrmEntity.graph is one; typed opaquely, the mapper restores it. */
  @Column({ type: 'json' })
  graph!: object;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
