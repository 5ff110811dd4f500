import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { TaskOrmEntity } from './task.orm-entity';

/** Row of `task_dependencies`: `taskId` waits for `dependsOnId`. Deleting either task removes the edge. */
@Entity({ name: 'task_dependencies' })
@Index('IDX_task_dependencies_depends_on', ['dependsOnId'])
export class TaskDependencyOrmEntity {
  @PrimaryColumn({ name: 'task_id', type: 'varchar', length: 36 })
  taskId!: string;

  @PrimaryColumn({ name: 'depends_on_id', type: 'varchar', length: 36 })
  dependsOnId!: string;

  @ManyToOne(() => TaskOrmEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'task_id', foreignKeyConstraintName: 'FK_task_dependencies_task' })
  task?: TaskOrmEntity;

  @ManyToOne(() => TaskOrmEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'depends_on_id', foreignKeyConstraintName: 'FK_task_dependencies_depends_on' })
  dependsOn?: TaskOrmEntity;

  /** Keeps `dependsOn` in the order it was given. */
  @Column({ type: 'integer' })
  position!: number;
}
