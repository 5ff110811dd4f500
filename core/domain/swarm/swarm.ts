import { TokenUsage } from '../llm/chat-message';

export const SWARM_LIMITS = {
  minMembers: 1,
  maxMembers: 10,
  defaultConcurrency: 3,
  maxConcurrency: 8,
  /** Model calls of the coordinator (each may delegate several subtasks) before it must answer. */
  coordinatorRounds: 4,
} as const;

export interface SwarmDelegation {
  agentId: string;
  subtask: string;
  /** The member's answer; empty when it failed. */
  output: string;
  success: boolean;
}

export interface SwarmResult {
  reply: string;
  delegations: SwarmDelegation[];
  tokenUsage: TokenUsage;
}
