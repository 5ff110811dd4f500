import { SWARM_LIMITS } from '../../domain/swarm/swarm';
import { FieldIssue } from '../../shared/domain-error';

export interface SwarmRequest {
  /** The agent that coordinates; the server's default model (a bare agent) when absent. */
  coordinatorAgentId?: string;
  memberAgentIds: string[];
  task: string;
  maxConcurrency?: number;
}

export function swarmIssues(request: SwarmRequest): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const members = new Set(request.memberAgentIds).size;
  const { minMembers, maxMembers, maxConcurrency } = SWARM_LIMITS;
  if (members !== request.memberAgentIds.length) issues.push({ field: 'member_agent_ids', message: 'must not repeat an agent' });
  else if (members < minMembers || members > maxMembers) issues.push({ field: 'member_agent_ids', message: `must hold ${minMembers} to ${maxMembers} agents` });
  const cap = request.maxConcurrency;
  if (cap !== undefined && (!Number.isInteger(cap) || cap < 1 || cap > maxConcurrency)) {
    issues.push({ field: 'max_concurrency', message: `must be an integer from 1 to ${maxConcurrency}` });
  }
  return issues;
}
