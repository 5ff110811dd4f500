import { WorkflowEdgeBody, WorkflowNodeBody } from './workflow.dto';

export interface WorkflowTemplateSummaryResponse {
  id: string;
  name: string;
  description: string;
  category: string;
  node_count: number;
}

/** The fixed catalogue: every template at once. */
export interface WorkflowTemplateListResponse {
  items: WorkflowTemplateSummaryResponse[];
  total: number;
}

export interface WorkflowTemplateResponse {
  id: string;
  name: string;
  description: string;
  category: string;
  /** An input the graph expects. */
  input_example: { [key: string]: unknown };
  nodes: WorkflowNodeBody[];
  edges: WorkflowEdgeBody[];
}

/** Optional overrides of the new workflow's name and description (default: the template's). */
export interface WorkflowFromTemplateRequest {
  /** 1 to 200 characters. */
  name?: string;
  /** At most 2,000 characters. */
  description?: string;
}
