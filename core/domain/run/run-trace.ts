/**
 * The run a model or tool call belongs to, as its records keep it; each part is known only
 * on some paths (a tool used through `/tools/{id}/use` has an owner and nothing else).
 */
export interface RunTrace {
  agentId?: string;
  executionId?: string;
  sessionId?: string;
  /** The user the run ran for (who started it). */
  ownerId?: string;
}
