import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { EnvelopeUserOrmEntity } from './envelope-user.orm-entity';

/** Row of `envelope_agents`. */
@Entity({ name: 'envelope_agents' })
@Index('IDX_envelope_agents_owner', ['ownerId', 'id'])
export class EnvelopeAgentOrmEntity {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  /** Declared so the schema knows the foreign key; never loaded. */
  @ManyToOne(() => EnvelopeUserOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'FK_envelope_agents_owner' })
  owner?: EnvelopeUserOrmEntity;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ name: 'prompt_template', type: 'text' })
  promptTemplate!: string;

  /** JSON text: `{provider, modelName, temperature, maxTokens}`. */
  @Column({ name: 'model_config', type: 'text' })
  modelConfig!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
