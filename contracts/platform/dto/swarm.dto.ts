import { ChatTokenUsage } from './agent-chat.dto';

export interface SwarmRunRequest {
  /** The agent that coordinates (yours, or deployed); the server's default model when absent. */
  coordinator_agent_id?: string;
  /** 1 to 10 distinct agents (yours, or deployed), offered to the coordinator through its `delegate` tool. */
  member_agent_ids: string[];
  /**
   * @minLength 1
   * @maxLength 32000
   */
  task: string;
  /**
   * Members running at once, 1 to 8; default 3.
   * @isInt
   */
  max_concurrency?: number;
}

export interface SwarmDelegationResponse {
  agent_id: string;
  subtask: string;
  /** The member's answer; empty when it failed. */
  output: string;
  success: boolean;
}

export interface SwarmRunResponse {
  reply: string;
  /** Every subtask handed to a member, in the order the coordinator asked. */
  delegations: SwarmDelegationResponse[];
  token_usage: ChatTokenUsage;
}
