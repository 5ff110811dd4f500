import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { RunTraceColumns } from './run-trace-columns';

/** Row of `tool_calls`: the receipt of one tool use. The schema itself is owned by the migrations. */
@Entity({ name: 'tool_calls' })
@Index('IDX_tool_calls_agent', ['agentId'])
@Index('IDX_tool_calls_execution', ['executionId'])
@Index('IDX_tool_calls_owner_created', ['ownerId', 'createdAt'])
@Index('IDX_tool_calls_created', ['createdAt'])
export class ToolCallOrmEntity extends RunTraceColumns {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

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
