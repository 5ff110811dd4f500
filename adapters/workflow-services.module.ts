import { ContainerModule } from 'inversify';
import { ExecutionLauncher } from '../core/services/executions/execution-launcher.service';
import { ExecutionRunHandler } from '../core/services/executions/execution-run.handler';
import { ExecutionRunner } from '../core/services/executions/execution-runner.service';
import { ExecutionTargets } from '../core/services/executions/execution-targets';
import { JOB_HANDLER } from '../core/services/jobs/job-handler';
import { WorkflowEngine } from '../core/services/workflows/workflow-engine.service';
import { DEFAULT_WORKFLOW_SETTINGS, WORKFLOW_SETTINGS, WorkflowSettings } from '../core/services/workflows/workflow-settings';

/**
 * The workflow engine, launching executions (now or through the queue) and the worker's
 * `execution.run` handler, all singletons. Needs LLM_PROVIDER, CLOCK, ID_GENERATOR, LOGGER,
 * JOB_QUEUE, the storage module (WORKFLOW_, EXECUTION_, AGENT_ and USER_REPOSITORY), AgentCaller
 * (agentServicesModule) and ToolRunner bound as classes.
 */
export function workflowServicesModule(settings: WorkflowSettings = DEFAULT_WORKFLOW_SETTINGS): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(WORKFLOW_SETTINGS).toConstantValue(settings);
    bind(WorkflowEngine).toSelf().inSingletonScope();
    bind(ExecutionTargets).toSelf().inSingletonScope();
    bind(ExecutionRunner).toSelf().inSingletonScope();
    bind(ExecutionLauncher).toSelf().inSingletonScope();
    bind(JOB_HANDLER).to(ExecutionRunHandler).inSingletonScope();
  });
}
