/**
 * A branch of a conversation: a chat session of its own (`id` is that session's id) that began as
 * a copy of `parentSessionId` up to the message at `messageIndex` (0-based, oldest first).
 */
export interface ChatBranch {
  /** UUID; also the id of the branch's chat session. */
  id: string;
  ownerId: string;
  parentSessionId: string;
  /** The agent of the parent session; null for a bare chat. */
  agentId: string | null;
  name: string;
  messageIndex: number;
  createdAt: Date;
}
