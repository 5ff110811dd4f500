import { injectable } from 'inversify';
import { WorkflowIssue } from '../../domain/workflow/workflow-issue';
import { validateWorkflowGraph } from '../../domain/workflow/workflow-graph.rules';

const NODE_FIELD = /^nodes\[(\d+)\]/;

/** Every problem of a workflow body (`{nodes, edges}`), each tied to its node; empty when it can run. */
@injectable()
export class WorkflowValidator {
  validate(graph: unknown): WorkflowIssue[] {
    const nodes = isObject(graph) && Array.isArray(graph.nodes) ? graph.nodes : [];
    return validateWorkflowGraph(graph).map(({ field, message }) => ({ node_id: nodeIdAt(nodes, field), field, message }));
  }
}

function nodeIdAt(nodes: unknown[], field: string): string | null {
  const index = NODE_FIELD.exec(field)?.[1];
  if (index === undefined) return null;
  const node = nodes[Number(index)];
  return isObject(node) && typeof node.id === 'string' ? node.id : null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
