/** A place in the agents list (newest first): just after the agent created at `createdAt` with this `id`. */
export interface AgentListPosition {
  createdAt: Date;
  id: string;
}

/** Where a page of the list reached by cursor starts, and its number in the walk. */
export interface AgentListCursor {
  page: number;
  after: AgentListPosition;
}
