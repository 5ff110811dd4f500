import { DomainError } from '../../shared/domain-error';

/** An orchestration or swarm that ended without an answer; `code` is the failing run's (`llm.upstream_error`, `agent.iteration_limit`…). */
export class OrchestrationFailedError extends DomainError {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
