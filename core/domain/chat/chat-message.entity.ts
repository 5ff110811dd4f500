import { JsonValue } from '../../shared/json';

/**
 * How a stored message came to be: `complete`; `cancelled`, the part of an answer produced
 * before the client went away; `failed`, the part produced before the run failed. Only complete
 * messages are passed back to the model as history.
 */
export type ChatMessageStatus = 'complete' | 'cancelled' | 'failed';

export interface ChatMessageRecord {
  /** UUID. */
  id: string;
  sessionId: string;
  /** 0-based place in the session, oldest first. */
  position: number;
  role: 'user' | 'assistant';
  content: string;
  status: ChatMessageStatus;
  /** Assistant messages: the tool calls of the turn, `{id, name, arguments, success}`. */
  toolCalls: JsonValue[];
  /** The run (stream) the message belongs to. */
  runId: string | null;
  createdAt: Date;
}

export type NewChatMessage = Omit<ChatMessageRecord, 'sessionId' | 'position'>;
