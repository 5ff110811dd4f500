import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { ExecutionOrmEntity } from './execution.orm-entity';

/**
 * Row of `execution_node_results`: one settled workflow node of an execution, written once when
 * it settles (see RecordedNode); the schema is owned by the migrations. One row per execution and
 * node (unique), so a write delivered twice stores nothing new.
 */
@Entity({ name: 'execution_node_results' })
@Unique('UQ_execution_node_results_node', ['executionId', 'nodeId'])
export class ExecutionNodeResultOrmEntity {
  @PrimaryColumn({ name: 'execution_id', type: 'varchar', length: 36 })
  executionId!: string;

  /** Declared so the schema knows the foreign key (deleting the execution deletes its rows); never loaded. */
  @ManyToOne(() => ExecutionOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'execution_id', foreignKeyConstraintName: 'FK_execution_node_results_execution' })
  execution?: ExecutionOrmEntity;

  /** The step's position among the execution's steps. */
  @PrimaryColumn({ type: 'integer' })
  seq!: number;

  @Column({ name: 'node_id', type: 'varchar', length: 64 })
  nodeId!: string;

  /** The execution's attempt that stored it. */
  @Column({ type: 'integer' })
  attempt!: number;

  /**
   * `{value}`: the step, as the execution's `steps` show it. JSON like `executions.payload` (it
   * outgrows TEXT), wrapped so a JSON null never becomes SQL NULL.
   */
  @Column({ type: 'json' })
  step!: object;

  /** `{value}`: how the node settled (its whole output). */
  @Column({ type: 'json' })
  settled!: object;
}
