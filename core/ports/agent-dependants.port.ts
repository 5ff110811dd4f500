import { token } from '../shared/token';

/**
 * Records that belong to an agent or point at it (schedules, executions, versions, goals, tasks,
 * and whatever a module adds later). Deleting an agent calls every binding of this token inside
 * the delete's transaction, before the agent itself goes (behaviour rule 1), so a dependant never
 * makes the delete fail. Add one by binding another implementation to `AGENT_DEPENDANTS`.
 */
export interface AgentDependants {
  /** Removes what belongs to the agent, or unbinds what only points at it. Joins the caller's transaction. */
  removeForAgent(agentId: string): Promise<void>;
}

/** Bound once per kind of dependant; the agent remover runs them all. */
export const AGENT_DEPENDANTS = token<AgentDependants>('AgentDependants');
