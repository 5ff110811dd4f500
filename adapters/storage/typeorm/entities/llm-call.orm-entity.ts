import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { RunTraceColumns } from './run-trace-columns';

/** Row of `llm_calls`: one attempt at a model call. The schema itself is owned by the migrations. */
@Entity({ name: 'llm_calls' })
@Index('IDX_llm_calls_agent', ['agentId'])
@Index('IDX_llm_calls_execution', ['executionId'])
@Index('IDX_llm_calls_owner_created', ['ownerId', 'createdAt'])
@Index('IDX_llm_calls_created', ['createdAt'])
export class LlmCallOrmEntity extends RunTraceColumns {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  provider!: string;

  @Column({ type: 'varchar', length: 200 })
  model!: string;

  @Column({ name: 'prompt_tokens', type: 'integer' })
  promptTokens!: number;

  @Column({ name: 'completion_tokens', type: 'integer' })
  completionTokens!: number;

  @Column({ name: 'latency_ms', type: 'integer' })
  latencyMs!: number;

  @Column({ type: 'varchar', length: 16 })
  outcome!: string;

  @Column({ type: 'integer' })
  attempt!: number;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
