import { Column } from 'typeorm';

/** The run a logged call belongs to (the LLM and tool call logs); each id is empty when the call was made outside one. */
export abstract class RunTraceColumns {
  @Column({ name: 'agent_id', type: 'varchar', length: 36 })
  agentId!: string;

  @Column({ name: 'execution_id', type: 'varchar', length: 36 })
  executionId!: string;

  @Column({ name: 'session_id', type: 'varchar', length: 64 })
  sessionId!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;
}
