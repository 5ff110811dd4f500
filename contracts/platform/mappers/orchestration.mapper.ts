import { OrchestrationResult } from '../../../core/domain/orchestration/orchestration';
import { GraphOrchestrationRequest } from '../../../core/services/orchestration/graph-orchestrator.service';
import { OrchestrationRequest } from '../../../core/services/orchestration/orchestration-request';
import { OrchestrateGraphRequest, OrchestrateRequest, OrchestrateResponse } from '../dto/orchestration.dto';
import { toTokenUsage } from './agent-chat.mapper';

export function toOrchestrationRequest(body: OrchestrateRequest): OrchestrationRequest {
  return { mode: body.mode, agentIds: body.agent_ids, message: body.message, sessionId: body.session_id };
}

export function toGraphOrchestrationRequest(body: OrchestrateGraphRequest): GraphOrchestrationRequest {
  return {
    nodes: body.nodes.map((node) => ({ id: node.id, agentId: node.agent_id })),
    edges: (body.edges ?? []).map((edge) => ({ source: edge.source, target: edge.target })),
    message: body.message,
    sessionId: body.session_id,
  };
}

export function toOrchestrateResponse(result: OrchestrationResult): OrchestrateResponse {
  return {
    ...(result.sessionId === undefined ? {} : { session_id: result.sessionId }),
    mode: result.mode,
    reply: result.reply,
    steps: result.steps.map((step) => ({ agent_id: step.agentId, ...(step.nodeId === undefined ? {} : { node_id: step.nodeId }), output: step.output })),
    token_usage: toTokenUsage(result.tokenUsage),
  };
}
