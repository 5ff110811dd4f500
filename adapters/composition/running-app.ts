import { Container, ContainerModule } from 'inversify';
import pino from 'pino';
import { JOB_QUEUE, JobQueue } from '../../core/ports/job-queue.port';
import { RUN_EVENT_FEED, RunEventFeed } from '../../core/ports/run-event-feed.port';
import { AdminBootstrap } from '../../core/services/auth/admin-bootstrap.service';
import { RunningExecutions } from '../../core/services/executions/running-executions.service';
import { JobWorker } from '../../core/services/jobs/job-worker.service';
import { InstalledPluginLoader } from '../../core/services/plugins/installed-plugin-loader.service';
import { PLUGIN_KERNEL } from '../../plugins/kernel/kernel.module';
import { PluginKernel } from '../../plugins/kernel/plugin-kernel';
import { AppConfig } from '../config/app-config';
import { createSchedulerLoop } from '../schedule-services.module';
import { createExecutionReclaimLoop } from '../scheduling/execution-reclaim-loop';
import { createExpirySweepLoop } from '../scheduling/expiry-sweep-loop';
import { startVectorStore } from '../vectors/vectors.module';
import { installKernelCapabilities } from './kernel-capabilities';
import { LoadedApp } from './loaded-app';
import { WiredApp } from './wired-app';

/**
 * What the process is for. `api` serves requests: it bootstraps the admin accounts, sweeps
 * expired state, takes back executions whose lease expired and, with the in-process queue
 * (nobody else could), runs the jobs and the scheduler. `worker` runs the jobs, the scheduler,
 * the sweep and the reclaim. `embedded` starts no loop (tools and tests that drive the use cases
 * themselves).
 */
export type ProcessRole = 'api' | 'worker' | 'embedded';

export interface AppContainer {
  container: Container;
  config: AppConfig;
  logger: pino.Logger;
  /** Stops the loops, then releases every resource, in reverse order of acquisition. */
  close(): Promise<void>;
}

/**
 * Step 3 of the composition root (load → wire → start): loads the vector index, installs the
 * kernel's capabilities and starts it (built-in tools, then installed plugins), then the loops
 * of the process's role. A failure releases what was acquired, the loaded resources included.
 */
export class RunningApp implements AppContainer {
  private constructor(
    readonly container: Container,
    readonly config: AppConfig,
    readonly logger: pino.Logger,
    private readonly loaded: LoadedApp,
  ) {}

  static async start(wired: WiredApp, role: ProcessRole): Promise<RunningApp> {
    const { container, loaded } = wired;
    const { config, resources } = loaded;
    try {
      resources.add(await startVectorStore(container));
      const queue = container.get<JobQueue>(JOB_QUEUE);
      resources.add(() => queue.close());
      const runEvents = container.get<RunEventFeed>(RUN_EVENT_FEED);
      resources.add(() => runEvents.close());
      const kernel = container.get<PluginKernel>(PLUGIN_KERNEL);
      resources.add(() => kernel.close());
      installKernelCapabilities(container, kernel);
      await kernel.start();
      await container.get(InstalledPluginLoader).loadAll();
      if (role === 'api') await container.get(AdminBootstrap).run();
      if (role === 'worker' || (role === 'api' && config.queue.kind === 'inprocess')) await startJobs(container, loaded);
      if (role !== 'embedded') {
        for (const loop of [createExpirySweepLoop(container, config), createExecutionReclaimLoop(container, config)]) {
          loop.start();
          resources.add(() => loop.stop());
        }
      }
      // Closed first: runs of this process stop (their leases left to expire) before the queue and the database go.
      resources.add(() => container.get(RunningExecutions).shutdown());
    } catch (error) {
      await resources.closeAll();
      throw error;
    }
    return new RunningApp(container, config, loaded.logger, loaded);
  }

  close(): Promise<void> {
    return this.loaded.resources.closeAll();
  }
}

async function startJobs(container: Container, loaded: LoadedApp): Promise<void> {
  const worker = container.get(JobWorker);
  await worker.start();
  loaded.resources.add(() => worker.stop());
  const scheduler = createSchedulerLoop(container, loaded.config);
  if (!scheduler) return;
  scheduler.start();
  loaded.resources.add(() => scheduler.stop());
}

/** Load, wire and start, in the only order the types allow; on failure nothing stays open. */
export async function bootApp(
  config: AppConfig,
  logger: pino.Logger,
  options: { role: ProcessRole; contractModules?: ReadonlyArray<ContainerModule> },
): Promise<RunningApp> {
  const loaded = await LoadedApp.load(config, logger);
  let wired: WiredApp;
  try {
    wired = WiredApp.wire(loaded, options.contractModules);
  } catch (error) {
    await loaded.resources.closeAll();
    throw error;
  }
  return RunningApp.start(wired, options.role);
}
