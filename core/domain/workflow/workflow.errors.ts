import { DomainError, FieldIssue } from '../../shared/domain-error';
import { MAX_RENDERED_CHARS } from './template-limits';

/** Also thrown when the workflow exists but the actor may not see it, so its existence is never revealed. */
export class WorkflowNotFoundError extends DomainError {
  readonly code = 'workflow.not_found';
  constructor(id: string) {
    super(`Workflow "${id}" not found`);
  }
}

/** The graph breaks the rules of workflow-graph.rules.ts; `details` names every problem. */
export class InvalidWorkflowError extends DomainError {
  readonly code = 'workflow.validation';
  constructor(details: FieldIssue[], message = 'The workflow graph is not valid') {
    super(message, details);
  }
}

/** A template rendered to more text than one rendering may produce. */
export class TemplateTooLargeError extends DomainError {
  readonly code = 'workflow.template_too_large';
  constructor() {
    super(`A template rendered to more than ${MAX_RENDERED_CHARS} characters`);
  }
}

/** A node ran past its `timeout_ms`. */
export class NodeTimeoutError extends DomainError {
  readonly code = 'workflow.node_timeout';
  constructor(timeoutMs: number) {
    super(`The node did not finish within ${timeoutMs} ms`);
  }
}
