import { TokenUsage } from '../llm/chat-message';
import { JsonValue } from '../../shared/json';

/** What a run reports, in order. A member of an orchestration or swarm names itself with `agentId`. */
export type RunEventData = (
  | { type: 'token'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: JsonValue }
  | { type: 'tool_result'; id: string; name: string; result: JsonValue }
  | { type: 'tool_result'; id: string; name: string; error: { code: string; message: string } }
  /** Progress of a multi-step run (a workflow node, a stage); not sent to chat streams. */
  | { type: 'step'; name: string; detail?: JsonValue }
  /** A state change of the run (`running`, `paused`…); not sent to chat streams. */
  | { type: 'status'; status: string }
  /** The run ended with an answer. `sessionId` when the run was a chat turn; `review` when the agent reviews its answers. */
  | { type: 'done'; tokenUsage: TokenUsage; sessionId?: string; review?: { passed: boolean; reason: string } }
  /** The run ended without one. `code` is a domain error code; `message` is safe to show. */
  | { type: 'error'; code: string; message: string; sessionId?: string }
) & { agentId?: string };

export type RunEventType = RunEventData['type'];

/** An event as the log keeps it: `seq` increases by one per event of a run, from 1. */
export type RunEvent = RunEventData & { seq: number };

/** A run's log ends with exactly one of these. */
export function isTerminal(event: { type: RunEventType }): boolean {
  return event.type === 'done' || event.type === 'error';
}

/** Where a runner sends its events (a run's log, or a collector). */
export type RunEventSink = (event: RunEventData) => Promise<void>;
