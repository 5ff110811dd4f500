import { ContainerModule } from 'inversify';
import { ExecutionRunHandler } from '../core/services/executions/execution-run.handler';
import { JOB_HANDLER } from '../core/services/jobs/job-handler';
import { DEFAULT_WORKFLOW_SETTINGS, WORKFLOW_SETTINGS, WorkflowSettings } from '../core/services/workflows/workflow-settings';

/**
 * WORKFLOW_SETTINGS and the worker's `execution.run` handler. The workflow engine and the
 * execution use cases need LLM_PROVIDER, CLOCK, ID_GENERATOR, LOGGER,
 * JOB_QUEUE, the storage module (WORKFLOW_, EXECUTION_, AGENT_ and USER_REPOSITORY), AgentCaller
 * and ToolRunner.
 */
export function workflowServicesModule(settings: WorkflowSettings = DEFAULT_WORKFLOW_SETTINGS): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(WORKFLOW_SETTINGS).toConstantValue(settings);
    bind(JOB_HANDLER).to(ExecutionRunHandler).inSingletonScope();
  });
}
