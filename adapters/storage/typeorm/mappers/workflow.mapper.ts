import { WorkflowGraph } from '../../../../core/domain/workflow/workflow-graph';
import { Workflow } from '../../../../core/domain/workflow/workflow.entity';
import { WorkflowOrmEntity } from '../entities/workflow.orm-entity';

export function toWorkflowRow(workflow: Workflow): WorkflowOrmEntity {
  return { ...workflow };
}

export function toWorkflow(row: WorkflowOrmEntity): Workflow {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    description: row.description,
    graph: row.graph as WorkflowGraph,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
