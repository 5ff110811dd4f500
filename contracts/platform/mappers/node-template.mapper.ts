import { NodeTemplate } from '../../../core/domain/node-template/node-template.entity';
import { WorkflowNode } from '../../../core/domain/workflow/workflow-graph';
import { NodeTemplateDraft, NodeTemplatePatch } from '../../../core/services/node-templates/node-template-manager.service';
import { JsonValue } from '../../../core/shared/json';
import { Page } from '../../../core/shared/pagination';
import {
  NodeTemplateCreateRequest,
  NodeTemplatePageResponse,
  NodeTemplateResponse,
  NodeTemplateUpdateRequest,
  WorkflowNodeResponse,
} from '../dto/node-template.dto';

export function toNodeTemplateResponse(template: NodeTemplate): NodeTemplateResponse {
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    node_type: template.nodeType,
    config: template.config,
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
  };
}

export function toNodeTemplatePageResponse(page: Page<NodeTemplate>): NodeTemplatePageResponse {
  return { items: page.items.map(toNodeTemplateResponse), total: page.total, page: page.page, page_size: page.pageSize };
}

/** The body is parsed JSON, so its config is a JSON value. */
export function toNodeTemplateDraft(body: NodeTemplateCreateRequest): NodeTemplateDraft {
  return { name: body.name, description: body.description, nodeType: body.node_type, config: body.config as JsonValue };
}

/** Only the fields the body holds: an absent one keeps its stored value. */
export function toNodeTemplatePatch(body: NodeTemplateUpdateRequest): NodeTemplatePatch {
  const patch: NodeTemplatePatch = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.description !== undefined) patch.description = body.description;
  if (body.node_type !== undefined) patch.nodeType = body.node_type;
  if (body.config !== undefined) patch.config = body.config as JsonValue;
  return patch;
}

export function toWorkflowNodeResponse(node: WorkflowNode): WorkflowNodeResponse {
  return { id: node.id, type: node.type, label: node.label ?? '', config: node.config ?? {} };
}
