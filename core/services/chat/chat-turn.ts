import { Agent } from '../../domain/agent/agent.entity';
import { Actor } from '../../domain/auth/actor';
import { ChatMessage } from '../../domain/llm/chat-message';

/** Whom a turn talks to: a stored agent, or the default model with no agent configuration. */
export type ChatTarget = { kind: 'agent'; agentId: string } | { kind: 'bare' };

export interface ChatInput {
  message: string;
  /** Continues this session; a new one is opened when absent. */
  sessionId?: string;
  /** Ask for a short answer. */
  streamlined?: boolean;
}

/** A turn ready to run: who, which agent, the session and its restored history, and the run it is logged under. */
export interface ChatTurn {
  actor: Actor;
  agent: Agent;
  sessionId: string;
  runId: string;
  message: string;
  history: ChatMessage[];
  /** Settles once the new session and the run are stored: their writes overlap the start of the run. */
  stored: Promise<void>;
}
