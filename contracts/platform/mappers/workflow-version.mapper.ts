import { WorkflowDiff } from '../../../core/domain/workflow/workflow-diff';
import { WorkflowVersion } from '../../../core/domain/workflow/workflow-version';
import { Page } from '../../../core/shared/pagination';
import { WorkflowDiffResponse, WorkflowVersionPageResponse, WorkflowVersionResponse, WorkflowVersionSummaryResponse } from '../dto/workflow-version.dto';
import { toEdgeBody, toGraphBody, toNodeBody } from './workflow.mapper';

export function toWorkflowVersionResponse(version: WorkflowVersion): WorkflowVersionResponse {
  return {
    workflow_id: version.workflowId,
    version: version.version,
    name: version.name,
    description: version.description,
    ...toGraphBody(version.graph),
    created_at: version.createdAt.toISOString(),
  };
}

export function toWorkflowVersionPageResponse(page: Page<WorkflowVersion>): WorkflowVersionPageResponse {
  return { items: page.items.map(toSummary), total: page.total, page: page.page, page_size: page.pageSize };
}

function toSummary(version: WorkflowVersion): WorkflowVersionSummaryResponse {
  return {
    workflow_id: version.workflowId,
    version: version.version,
    name: version.name,
    description: version.description,
    node_count: version.graph.nodes.length,
    edge_count: version.graph.edges.length,
    created_at: version.createdAt.toISOString(),
  };
}

export function toWorkflowDiffResponse(workflowId: string, diff: WorkflowDiff): WorkflowDiffResponse {
  return {
    workflow_id: workflowId,
    from: diff.from,
    to: diff.to,
    name: diff.name,
    description: diff.description,
    nodes: {
      added: diff.nodes.added.map(toNodeBody),
      removed: diff.nodes.removed.map(toNodeBody),
      changed: diff.nodes.changed.map(({ id, from, to }) => ({ id, from: toNodeBody(from), to: toNodeBody(to) })),
    },
    edges: {
      added: diff.edges.added.map(toEdgeBody),
      removed: diff.edges.removed.map(toEdgeBody),
      changed: diff.edges.changed.map(({ source, target, from, to }) => ({ source, target, from: toEdgeBody(from), to: toEdgeBody(to) })),
    },
  };
}
