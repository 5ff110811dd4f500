import { Agent } from '../../../domain/agent/agent.entity';
import { MAX_WORKFLOW_EDGES, MAX_WORKFLOW_NODES } from '../../../domain/workflow/workflow-graph.rules';
import { topologicalOrder } from '../../../domain/workflow/workflow-topology';
import { FieldIssue } from '../../../shared/domain-error';
import { JsonObject, JsonValue } from '../../../shared/json';

/** An `agent` node of an agent's `workflow_config`, with the agent it runs. */
export interface PlannedAgent {
  nodeId: string;
  agentId: string;
  label: string;
}

const FIELD = 'workflow_config';

/**
 * The agent nodes of `agent.workflow_config` in stages: stage k holds the agent nodes at
 * depth k (the longest path from a node without predecessors), in declaration order; other
 * node types are walked through but not run. An agent node names its agent in `config.agent_id`
 * (or `agent_id`); without one it is the agent itself (decisions.md). A graph with no agent
 * node is one stage: the agent itself.
 */
export function agentStages(agent: Agent): { stages: PlannedAgent[][]; issues: FieldIssue[] } {
  const nodes = arrayOf(agent.workflowConfig.nodes);
  const edges = arrayOf(agent.workflowConfig.edges);
  const issues: FieldIssue[] = [];
  if (nodes.length > MAX_WORKFLOW_NODES) issues.push({ field: `${FIELD}.nodes`, message: `must hold at most ${MAX_WORKFLOW_NODES} nodes` });
  if (edges.length > MAX_WORKFLOW_EDGES) issues.push({ field: `${FIELD}.edges`, message: `must hold at most ${MAX_WORKFLOW_EDGES} edges` });
  if (issues.length > 0) return { stages: [], issues };

  const byId = new Map<string, JsonObject>();
  nodes.forEach((node, index) => {
    const id = isObject(node) && typeof node.id === 'string' && node.id !== '' ? node.id : undefined;
    if (!id || !isObject(node)) issues.push({ field: `${FIELD}.nodes[${index}]`, message: 'must be an object with a non-empty string id' });
    else if (byId.has(id)) issues.push({ field: `${FIELD}.nodes[${index}].id`, message: `duplicates the id "${id.slice(0, 64)}"` });
    else byId.set(id, node);
  });
  const links: Array<{ source: string; target: string }> = [];
  edges.forEach((edge, index) => {
    if (isObject(edge) && typeof edge.source === 'string' && typeof edge.target === 'string' && byId.has(edge.source) && byId.has(edge.target)) {
      links.push({ source: edge.source, target: edge.target });
    } else {
      issues.push({ field: `${FIELD}.edges[${index}]`, message: 'must join two nodes of the graph by id (source, target)' });
    }
  });
  const { order, cyclic } = topologicalOrder([...byId.keys()], links);
  if (cyclic.length > 0) issues.push({ field: `${FIELD}.edges`, message: 'must not form a cycle' });
  if (issues.length > 0) return { stages: [], issues };
  return { stages: stagesOf(order, links, byId, agent), issues };
}

/** The agents of the graph in the order they run one after another (stages flattened). */
export function agentSequence(agent: Agent): { agents: PlannedAgent[]; issues: FieldIssue[] } {
  const { stages, issues } = agentStages(agent);
  return { agents: stages.flat(), issues };
}

function stagesOf(order: string[], links: Array<{ source: string; target: string }>, byId: Map<string, JsonObject>, agent: Agent): PlannedAgent[][] {
  const depth = new Map<string, number>();
  for (const id of order) {
    const preceding = links.filter((link) => link.target === id).map((link) => depth.get(link.source) ?? 0);
    depth.set(id, preceding.length === 0 ? 0 : Math.max(...preceding) + 1);
  }
  const stages = new Map<number, PlannedAgent[]>();
  for (const [id, node] of byId) {
    if (node.type !== 'agent') continue;
    const level = depth.get(id) ?? 0;
    const planned = { nodeId: id, agentId: agentIdOf(node, agent.id), label: typeof node.label === 'string' && node.label !== '' ? node.label : id };
    stages.set(level, [...(stages.get(level) ?? []), planned]);
  }
  if (stages.size === 0) return [[{ nodeId: 'agent', agentId: agent.id, label: agent.name }]];
  return [...stages.entries()].sort(([a], [b]) => a - b).map(([, planned]) => planned);
}

/** The agent an `agent` node runs: `config.agent_id`, else `agent_id`, else the agent that owns the graph. */
export function agentIdOf(node: JsonObject, selfId: string): string {
  const config = isObject(node.config) ? node.config : {};
  for (const value of [config.agent_id, node.agent_id]) if (typeof value === 'string' && value.trim() !== '') return value;
  return selfId;
}

function arrayOf(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
