import { AgentPayload } from './agent.entity';

/** One stored version of an agent: its payload as written by the create (1) or a PUT (2, 3, …). */
export interface AgentVersion {
  agentId: string;
  version: number;
  payload: AgentPayload;
  /** When this version was written. */
  createdAt: Date;
}
