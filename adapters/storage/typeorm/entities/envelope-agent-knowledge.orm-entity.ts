import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { EnvelopeAgentOrmEntity } from './envelope-agent.orm-entity';
import { KnowledgeBaseOrmEntity } from './knowledge-base.orm-entity';

/** Row of `envelope_agent_knowledge`: the knowledge base holding an envelope agent's documents. */
@Entity({ name: 'envelope_agent_knowledge' })
@Unique('UQ_envelope_agent_knowledge_base', ['knowledgeBaseId'])
export class EnvelopeAgentKnowledgeOrmEntity {
  @PrimaryColumn({ name: 'agent_id', type: 'integer' })
  agentId!: number;

  @ManyToOne(() => EnvelopeAgentOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'agent_id', foreignKeyConstraintName: 'FK_envelope_agent_knowledge_agent' })
  agent?: EnvelopeAgentOrmEntity;

  @Column({ name: 'knowledge_base_id', type: 'varchar', length: 36 })
  knowledgeBaseId!: string;

  @ManyToOne(() => KnowledgeBaseOrmEntity, { onDelete: 'CASCADE', onUpdate: 'NO ACTION' })
  @JoinColumn({ name: 'knowledge_base_id', foreignKeyConstraintName: 'FK_envelope_agent_knowledge_base' })
  knowledgeBase?: KnowledgeBaseOrmEntity;
}
