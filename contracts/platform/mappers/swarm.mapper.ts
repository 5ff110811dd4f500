import { SwarmResult } from '../../../core/domain/swarm/swarm';
import { SwarmRequest } from '../../../core/services/swarm/swarm-request';
import { SwarmRunRequest, SwarmRunResponse } from '../dto/swarm.dto';
import { toTokenUsage } from './agent-chat.mapper';

export function toSwarmRequest(body: SwarmRunRequest): SwarmRequest {
  return { coordinatorAgentId: body.coordinator_agent_id, memberAgentIds: body.member_agent_ids, task: body.task, maxConcurrency: body.max_concurrency };
}

export function toSwarmRunResponse(result: SwarmResult): SwarmRunResponse {
  return {
    reply: result.reply,
    delegations: result.delegations.map((d) => ({ agent_id: d.agentId, subtask: d.subtask, output: d.output, success: d.success })),
    token_usage: toTokenUsage(result.tokenUsage),
  };
}
