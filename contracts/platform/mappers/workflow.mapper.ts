import { WorkflowExport } from '../../../core/domain/workflow/workflow-export';
import { WorkflowEdge, WorkflowGraph, WorkflowNode } from '../../../core/domain/workflow/workflow-graph';
import { WorkflowIssue } from '../../../core/domain/workflow/workflow-issue';
import { Workflow } from '../../../core/domain/workflow/workflow.entity';
import { Page } from '../../../core/shared/pagination';
import {
  WorkflowEdgeBody,
  WorkflowExportResponse,
  WorkflowNodeBody,
  WorkflowPageResponse,
  WorkflowResponse,
  WorkflowValidationResponse,
} from '../dto/workflow.dto';

export function toWorkflowResponse(workflow: Workflow): WorkflowResponse {
  return {
    id: workflow.id,
    owner_id: workflow.ownerId,
    name: workflow.name,
    description: workflow.description,
    ...toGraphBody(workflow.graph),
    version: workflow.version,
    created_at: workflow.createdAt.toISOString(),
    updated_at: workflow.updatedAt.toISOString(),
  };
}

export function toWorkflowPageResponse(page: Page<Workflow>): WorkflowPageResponse {
  return { items: page.items.map(toWorkflowResponse), total: page.total, page: page.page, page_size: page.pageSize };
}

export function toWorkflowExportResponse(file: WorkflowExport): WorkflowExportResponse {
  const { name, description, graph } = file.payload;
  return { name, description, ...toGraphBody(graph), version: file.version, exported_at: file.exportedAt.toISOString() };
}

export function toWorkflowValidationResponse(issues: WorkflowIssue[]): WorkflowValidationResponse {
  return { valid: issues.length === 0, errors: issues.map(({ node_id, field, message }) => ({ node_id, field, message })) };
}

export function toGraphBody(graph: WorkflowGraph): { nodes: WorkflowNodeBody[]; edges: WorkflowEdgeBody[] } {
  return { nodes: graph.nodes.map(toNodeBody), edges: graph.edges.map(toEdgeBody) };
}

export function toNodeBody(node: WorkflowNode): WorkflowNodeBody {
  return { ...node };
}

export function toEdgeBody(edge: WorkflowEdge): WorkflowEdgeBody {
  return { ...edge };
}

/** A file name for the export's Content-Disposition: the workflow's name reduced to safe characters. */
export function workflowFileName(file: WorkflowExport): string {
  const base = file.payload.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'workflow'}.workflow.json`;
}
