import { DomainError } from '../../shared/domain-error';

/** Errors of stored workflows, their versions and the template catalogue (the graph's own are in workflow.errors.ts). */
export class WorkflowConflictError extends DomainError {
  readonly code = 'workflow.conflict';
}

export class WorkflowVersionNotFoundError extends DomainError {
  readonly code = 'workflow_version.not_found';
  constructor(workflowId: string, version: number | string) {
    super(`Workflow "${workflowId}" has no version ${String(version)}`);
  }
}

export class WorkflowTemplateNotFoundError extends DomainError {
  readonly code = 'workflow_template.not_found';
  constructor(id: string) {
    super(`Workflow template "${id.slice(0, 64)}" not found`);
  }
}
