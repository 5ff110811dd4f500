import { Container } from 'inversify';
import { platformServicesModule } from '../../adapters/platform-services.module';
import { scheduleServicesModule } from '../../adapters/schedule-services.module';
import { workflowServicesModule } from '../../adapters/workflow-services.module';
import { LlmProvider } from '../../core/ports/llm-provider.port';
import { Logger } from '../../core/ports/logger.port';
import { ToolRegistry } from '../../core/ports/tool-registry.port';
import { AuditTrail } from '../../core/services/audit/audit-trail.service';
import { JobHandler } from '../../core/services/jobs/job-handler';
import { JobRecordingQueue, MutableClock } from '../fixtures/schedules/schedule-test-bed';
import { jobHandlerOf, runServicesContainer } from './run-service-bindings';
import { TestStorage } from './test-database';
import { UsageLimits } from './usage-limits';

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

export interface PlatformServices {
  container: Container;
  clock: MutableClock;
  /** Records every published job (execution runs, schedule fires, audit events) without delivering it. */
  queue: JobRecordingQueue;
  /** The worker's handler of one job type, e.g. `execution.run`. */
  jobHandler(type: string): JobHandler;
}

/**
 * The agent, workflow, task, schedule and platform use cases wired as the composition root wires
 * them, over a test storage, a model and a tool registry (the test kernel's), with a hand-moved clock
 * and generous usage limits unless `limits` sets some.
 */
export function createPlatformServices(
  storage: TestStorage,
  options: { llm: LlmProvider; tools: ToolRegistry; now: string; limits?: UsageLimits },
): PlatformServices {
  const clock = new MutableClock(new Date(options.now));
  const queue = new JobRecordingQueue();
  const container = runServicesContainer(storage, { clock, logger: silent, queue, llm: options.llm, tools: options.tools, limits: options.limits });
  container.bind(AuditTrail).toSelf().inSingletonScope();
  container.loadSync(workflowServicesModule(), scheduleServicesModule(), platformServicesModule());
  return { container, clock, queue, jobHandler: (type) => jobHandlerOf(container, type) };
}
