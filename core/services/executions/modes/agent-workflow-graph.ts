import { Agent } from '../../../domain/agent/agent.entity';
import { WorkflowGraph } from '../../../domain/workflow/workflow-graph';
import { JsonObject, JsonValue } from '../../../shared/json';
import { agentIdOf } from './agent-plan';

/**
 * An agent's `workflow_config` as a workflow graph for the engine: every `agent` node gets the
 * agent it runs in `config.agent_id` (itself when it names none). The shape is not checked here:
 * `validateWorkflowGraph` reports what is wrong with it.
 */
export function agentWorkflowGraph(agent: Agent): WorkflowGraph {
  const nodes = Array.isArray(agent.workflowConfig.nodes) ? agent.workflowConfig.nodes : [];
  const edges = Array.isArray(agent.workflowConfig.edges) ? agent.workflowConfig.edges : [];
  return { nodes: nodes.map((node) => withAgent(node, agent.id)), edges } as unknown as WorkflowGraph;
}

function withAgent(node: JsonValue, selfId: string): JsonValue {
  if (!isObject(node) || node.type !== 'agent') return node;
  const config = isObject(node.config) ? node.config : {};
  const { agent_id: _inline, ...rest } = node;
  return { ...rest, config: { ...config, agent_id: agentIdOf(node, selfId) } };
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
