import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Row of `tool_calls`: the receipt of one tool use. The schema itself is owned by the migrations. */
@Entity({ name: 'tool_calls' })
@Index('IDX_tool_calls_agent', ['agentId'])
@Index('IDX_tool_calls_execution', ['executionId'])
@Index('IDX_tool_calls_owner_created', ['ownerId', 'createdAt'])
@Index('IDX_tool_calls_created', ['createdAt'])
export class ToolCallOrmEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** Empty when the use was made outside an agent run (as are the other ids below). */
  @Column({ name: 'agent_id', type: 'varchar', length: 36 })
  agentId!: string;

  @Column({ name: 'execution_id', type: 'varchar', length: 36 })
  executionId!: string;

  @Column({ name: 'session_id', type: 'varchar', length: 64 })
  sessionId!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ name: 'tool_id', type: 'varchar', length: 64 })
  toolId!: string;

  @Column({ type: 'varchar', length: 64 })
  version!: string;

  /** `success` or the ToolError code. */
  @Column({ type: 'varchar', length: 32 })
  outcome!: string;

  /** Empty when the tool gave no reason. */
  @Column({ type: 'varchar', length: 64 })
  reason!: string;

  @Column({ name: 'wall_ms', type: 'integer' })
  wallMs!: number;

  @Column({ name: 'cpu_ms', type: 'integer' })
  cpuMs!: number;

  @Column({ name: 'heap_bytes', type: 'bigint' })
  heapBytes!: number;

  @Column({ name: 'http_calls', type: 'integer' })
  httpCalls!: number;

  /** JSON array of capability names. */
  @Column({ name: 'capabilities_used', type: 'text' })
  capabilitiesUsed!: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt!: Date;
}
