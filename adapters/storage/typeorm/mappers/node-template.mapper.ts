import { NodeTemplate } from '../../../../core/domain/node-template/node-template.entity';
import { WorkflowNodeType } from '../../../../core/domain/workflow/workflow-graph';
import { JsonObject } from '../../../../core/shared/json';
import { NodeTemplateOrmEntity } from '../entities/node-template.orm-entity';

export function toNodeTemplateRow(template: NodeTemplate): NodeTemplateOrmEntity {
  return { ...template };
}

export function toNodeTemplate(row: NodeTemplateOrmEntity): NodeTemplate {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    description: row.description,
    nodeType: row.nodeType as WorkflowNodeType,
    config: row.config as JsonObject,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
