import { WorkflowGraph } from '../../../../core/domain/workflow/workflow-graph';
import { WorkflowVersion } from '../../../../core/domain/workflow/workflow-version';
import { WorkflowVersionOrmEntity } from '../entities/workflow-version.orm-entity';

export function toWorkflowVersionRow(version: WorkflowVersion): WorkflowVersionOrmEntity {
  return { ...version };
}

export function toWorkflowVersion(row: WorkflowVersionOrmEntity): WorkflowVersion {
  return {
    workflowId: row.workflowId,
    version: row.version,
    name: row.name,
    description: row.description,
    graph: row.graph as WorkflowGraph,
    createdAt: row.createdAt,
  };
}
