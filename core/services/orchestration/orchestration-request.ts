import { ORCHESTRATION_AGENT_BOUNDS, ORCHESTRATION_MODES, OrchestrationMode } from '../../domain/orchestration/orchestration';
import { FieldIssue } from '../../shared/domain-error';

export interface OrchestrationRequest {
  mode: string;
  agentIds: string[];
  message: string;
  /** The caller's conversation id: echoed, and kept with the LLM calls. */
  sessionId?: string;
}

/** What is wrong with the request: the mode, and the number of agents it takes. */
export function orchestrationIssues(request: OrchestrationRequest): FieldIssue[] {
  if (!(ORCHESTRATION_MODES as ReadonlyArray<string>).includes(request.mode)) {
    return [{ field: 'mode', message: `must be one of ${ORCHESTRATION_MODES.join(', ')}` }];
  }
  const { min, max } = ORCHESTRATION_AGENT_BOUNDS[request.mode as OrchestrationMode];
  const count = request.agentIds.length;
  if (count < min || count > max) return [{ field: 'agent_ids', message: `${request.mode} takes ${min} to ${max} agents (got ${count})` }];
  return [];
}
