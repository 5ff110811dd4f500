import { AgentStatus } from './agent.entity';
import { IllegalAgentTransitionError } from './agent.errors';

export type AgentAction = 'deploy' | 'stop';

/** decisions.md, "Agent record": `draft` → `deployed` (deploy) → `stopped` (stop) → `deployed` (deploy). */
const TABLE: Record<AgentAction, { from: ReadonlyArray<AgentStatus>; to: AgentStatus }> = {
  deploy: { from: ['draft', 'stopped'], to: 'deployed' },
  stop: { from: ['deployed'], to: 'stopped' },
};

export function isLegalAgentAction(status: AgentStatus, action: AgentAction): boolean {
  return TABLE[action].from.includes(status);
}

/** The status `action` moves the agent to; `IllegalAgentTransitionError` (an `agent.conflict`, 409) when it does not apply. */
export function nextAgentStatus(status: AgentStatus, action: AgentAction): AgentStatus {
  if (!isLegalAgentAction(status, action)) throw new IllegalAgentTransitionError(action, status);
  return TABLE[action].to;
}
