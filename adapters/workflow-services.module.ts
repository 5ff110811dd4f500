import { ContainerModule } from 'inversify';
import { ExecutionRunHandler } from '../core/services/executions/execution-run.handler';
import { JOB_HANDLER } from '../core/services/jobs/job-handler';

/**
 * The worker's `execution.run` handler. The workflow engine and the execution use cases
 * need WORKFLOW_SETTINGS (the settings module), LLM_PROVIDER, CLOCK, ID_GENERATOR, LOGGER,
 * JOB_QUEUE, the storage module (WORKFLOW_, EXECUTION_, AGENT_ and USER_REPOSITORY), AgentCaller
 * and ToolRunner.
 */
export function workflowServicesModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(JOB_HANDLER).to(ExecutionRunHandler).inSingletonScope();
  });
}
