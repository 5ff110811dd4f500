/** A conversation of one user with one agent, or with the bare default model (`agentId` null). */
export interface ChatSession {
  /** UUID. */
  id: string;
  ownerId: string;
  agentId: string | null;
  createdAt: Date;
  updatedAt: Date;
}
