import { inject, injectable } from 'inversify';
import { WorkflowGraph } from '../../domain/workflow/workflow-graph';
import { WorkflowIssue } from '../../domain/workflow/workflow-issue';
import { WORKFLOW_LIMITS } from '../../domain/workflow/workflow-limits';
import { normalizedGraph, WorkflowPayload, WorkflowPayloadInput } from '../../domain/workflow/workflow-payload';
import { InvalidWorkflowError } from '../../domain/workflow/workflow.errors';
import { summarizeIssues } from '../../shared/issue-summary';
import { WorkflowValidator } from './workflow-validator.service';

/**
 * Checks a workflow body on every save (create, PUT, import, template): its name and description
 * here, the graph with the WorkflowValidator, and each node's `position`. A body with any problem
 * is refused whole with every issue listed (422), so nothing half-valid is ever stored.
 */
@injectable()
export class WorkflowPayloadCheck {
  constructor(@inject(WorkflowValidator) private readonly validator: WorkflowValidator) {}

  /** The graph's issues alone (`POST /workflows/validate`): what a save of `{nodes, edges}` would be refused for. */
  graphIssues(input: Pick<WorkflowPayloadInput, 'nodes' | 'edges'>): WorkflowIssue[] {
    return [...this.validator.validate({ nodes: input.nodes, edges: input.edges }), ...positionIssues(input.nodes)];
  }

  require(input: WorkflowPayloadInput): WorkflowPayload {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    const description = input.description ?? '';
    const issues: WorkflowIssue[] = [];
    if (name.length < 1 || name.length > WORKFLOW_LIMITS.nameChars) {
      issues.push({ node_id: null, field: 'name', message: `must be 1 to ${WORKFLOW_LIMITS.nameChars} characters` });
    }
    if (typeof description !== 'string' || description.length > WORKFLOW_LIMITS.descriptionChars) {
      issues.push({ node_id: null, field: 'description', message: `must be a string of at most ${WORKFLOW_LIMITS.descriptionChars} characters` });
    }
    const graph = { nodes: input.nodes, edges: input.edges };
    issues.push(...this.graphIssues(graph));
    if (issues.length > 0) throw new InvalidWorkflowError(issues, summarizeIssues('The workflow is not valid', issues));
    return { name, description: description as string, graph: normalizedGraph(graph as WorkflowGraph) };
  }
}

function positionIssues(nodes: unknown): WorkflowIssue[] {
  if (!Array.isArray(nodes)) return [];
  const issues: WorkflowIssue[] = [];
  nodes.forEach((node: unknown, index) => {
    if (!isObject(node) || node.position === undefined) return;
    const { position } = node;
    if (!isObject(position) || !Number.isFinite(position.x) || !Number.isFinite(position.y)) {
      const nodeId = typeof node.id === 'string' ? node.id : null;
      issues.push({ node_id: nodeId, field: `nodes[${index}].position`, message: 'must be an object {x, y} of finite numbers' });
    }
  });
  return issues;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
