import { WorkflowTemplate } from '../../../core/domain/workflow/templates/workflow-template';
import { WorkflowTemplateListResponse, WorkflowTemplateResponse } from '../dto/workflow-template.dto';
import { toGraphBody } from './workflow.mapper';

export function toWorkflowTemplateListResponse(templates: ReadonlyArray<WorkflowTemplate>): WorkflowTemplateListResponse {
  const items = templates.map(({ id, name, description, category, graph }) => ({ id, name, description, category, node_count: graph.nodes.length }));
  return { items, total: items.length };
}

export function toWorkflowTemplateResponse(template: WorkflowTemplate): WorkflowTemplateResponse {
  const { id, name, description, category, inputExample, graph } = template;
  return { id, name, description, category, input_example: inputExample, ...toGraphBody(graph) };
}
