import 'reflect-metadata';
import { createContainer } from './composition/create-container';
import { Container } from 'inversify';
import pino from 'pino';
import { ADMIN_ACCOUNTS } from '../core/services/auth/admin-accounts';
import { AUTH_LIMITS } from '../core/services/auth/auth-limits';
import { AUTH_SETTINGS } from '../core/services/auth/auth-settings';
import { SERVICE_VERSION } from '../core/services/health/service-version';
import { JOB_QUEUE, JobQueue } from '../core/ports/job-queue.port';
import { authModule } from './auth/auth.module';
import { AppConfig } from './config/app-config';
import { BUILTIN_TOOLS_PROBE } from '../core/ports/builtin-tools-status.port';
import { EXPECTED_BUILTIN_TOOLS } from '../core/services/health/builtin-tool-catalogue';
import { kernelModule, PLUGIN_KERNEL } from '../plugins/kernel/kernel.module';
import { PluginKernel } from '../plugins/kernel/plugin-kernel';
import { InstalledPluginLoader } from '../core/services/plugins/installed-plugin-loader.service';
import { coreServicesModule } from './core-services.module';
import { registerHostCapabilities } from './host-capabilities';
import { httpEgressModule } from './http/http-egress.module';
import { dataSourceServicesModule } from './data-source-services.module';
import { dataSourcesModule } from './datasources/datasources.module';
import { knowledgeModule } from './knowledge.module';
import { mailModule } from './mail/mail.module';
import { notificationServicesModule } from './notification-services.module';
import { agentServicesModule, agentSettingsFrom } from './agent-services.module';
import { platformServicesModule } from './platform-services.module';
import { scheduleServicesModule } from './schedule-services.module';
import { workflowServicesModule } from './workflow-services.module';
import { embeddingsModule } from './embeddings/embeddings.module';
import { llmModule } from './llm/llm.module';
import { queueModule } from './queue/queue.module';
import { runEventFeedModule } from './queue/run-event-feed.module';
import { DEFAULT_RUN_EVENT_LOG_SETTINGS } from './runs/run-event-log-settings';
import { runEventLogModule } from './runs/run-event-log.module';
import { RUN_EVENT_FEED, RunEventFeed } from '../core/ports/run-event-feed.port';
import { createStorage } from './storage/storage.module';
import { startVectorStore, vectorsModule } from './vectors/vectors.module';
import { systemModule } from './system/system.module';
import { makeDataDirOwnerOnly } from './system/owner-only-data-dir';

export interface AppContainer {
  container: Container;
  config: AppConfig;
  logger: pino.Logger;
  /** Releases every resource, in reverse order of acquisition. */
  close(): Promise<void>;
}

/**
 * The composition root: binds every port to the adapter the configuration names.
 * Contracts load their own controller modules on top of it.
 */
export async function buildContainer(config: AppConfig, logger: pino.Logger): Promise<AppContainer> {
  makeDataDirOwnerOnly(config.dataDir);
  const closers: Array<() => Promise<void>> = [];
  const container = createContainer();
  try {
    container.loadSync(systemModule(config, logger), authModule(config), llmModule(config), embeddingsModule(config), coreServicesModule);
    container.bind(SERVICE_VERSION).toConstantValue(config.version);
    container.bind(AUTH_SETTINGS).toConstantValue({ accessTokenTtlSeconds: config.auth.accessTokenMinutes * 60 });
    container.bind(AUTH_LIMITS).toConstantValue(config.auth.limits);
    container.bind(ADMIN_ACCOUNTS).toConstantValue({ emails: config.auth.adminEmails, initialPassword: config.auth.adminInitialPassword });

    const storage = await createStorage(config);
    closers.push(() => storage.close());
    container.loadSync(storage.module, vectorsModule(config), queueModule(config));
    await startVectorStore(container);
    closers.push(() => container.get<JobQueue>(JOB_QUEUE).close());
    container.loadSync(runEventFeedModule(config), runEventLogModule({ ...DEFAULT_RUN_EVENT_LOG_SETTINGS, retentionMs: config.runs.retentionMs }));
    closers.push(() => container.get<RunEventFeed>(RUN_EVENT_FEED).close());

    container.loadSync(httpEgressModule(config), kernelModule(config, { logger: logger.child({ component: 'kernel' }) }));
    const kernel = container.get<PluginKernel>(PLUGIN_KERNEL);
    closers.push(() => kernel.close());
    container.loadSync(knowledgeModule(), dataSourcesModule(config), mailModule(config), dataSourceServicesModule(), notificationServicesModule());
    container.loadSync(agentServicesModule(agentSettingsFrom(config)), workflowServicesModule(), scheduleServicesModule(), platformServicesModule());
    registerHostCapabilities(container, kernel);
    await kernel.start();
    await container.get(InstalledPluginLoader).loadAll();
    container.bind(BUILTIN_TOOLS_PROBE).toConstantValue({
      status: () => {
        const { count, ready } = kernel.readiness();
        return { count, ready: ready && count >= EXPECTED_BUILTIN_TOOLS };
      },
    });
  } catch (error) {
    await closeAll(closers);
    throw error;
  }
  return { container, config, logger, close: () => closeAll(closers) };
}

async function closeAll(closers: Array<() => Promise<void>>): Promise<void> {
  for (const close of closers.reverse()) {
    await close().catch(() => undefined);
  }
}
