import { Container, ContainerModule } from 'inversify';
import { BUILTIN_TOOLS_PROBE } from '../../core/ports/builtin-tools-status.port';
import { EXPECTED_BUILTIN_TOOLS } from '../../core/services/health/builtin-tool-catalogue';
import { kernelModule, PLUGIN_KERNEL } from '../../plugins/kernel/kernel.module';
import { PluginKernel } from '../../plugins/kernel/plugin-kernel';
import { authModule } from '../auth/auth.module';
import { coreServicesModule } from '../core-services.module';
import { dataSourceServicesModule } from '../data-source-services.module';
import { dataSourcesModule } from '../datasources/datasources.module';
import { documentsModule } from '../documents/documents.module';
import { embeddingsModule } from '../embeddings/embeddings.module';
import { httpEgressModule } from '../http/http-egress.module';
import { lenientJsonReaderModule } from '../json/lenient-json-reader.module';
import { knowledgeModule } from '../knowledge.module';
import { llmModule } from '../llm/llm.module';
import { llmProviderRegistryModule } from '../llm/llm-provider-registry.module';
import { mailModule } from '../mail/mail.module';
import { notificationServicesModule } from '../notification-services.module';
import { platformServicesModule } from '../platform-services.module';
import { goalServicesModule } from '../goal-services.module';
import { queueModule } from '../queue/queue.module';
import { runEventFeedModule } from '../queue/run-event-feed.module';
import { DEFAULT_RUN_EVENT_LOG_SETTINGS } from '../runs/run-event-log-settings';
import { runEventLogModule } from '../runs/run-event-log.module';
import { scheduleServicesModule } from '../schedule-services.module';
import { systemModule } from '../system/system.module';
import { vectorsModule } from '../vectors/vectors.module';
import { versionPolicyModule } from '../versions/version-policy.module';
import { workflowServicesModule } from '../workflow-services.module';
import { workspaceModule } from '../workspace/workspace.module';
import { createContainer } from './create-container';
import { LoadedApp } from './loaded-app';
import { settingsModule } from './settings.module';

/**
 * Step 2 of the composition root (load → wire → start): binds every port to the adapter the
 * configuration names, the settings, and the contracts' controllers. Binding only: nothing is
 * resolved, connected or started here, so the order of the modules does not matter.
 */
export class WiredApp {
  private constructor(
    readonly loaded: LoadedApp,
    readonly container: Container,
  ) {}

  static wire(loaded: LoadedApp, contractModules: ReadonlyArray<ContainerModule> = []): WiredApp {
    loaded.markWired();
    const { config, logger } = loaded;
    const container = createContainer();
    container.loadSync(
      systemModule(config, logger),
      settingsModule(config),
      authModule(config),
      llmModule(config),
      embeddingsModule(config),
      coreServicesModule,
      lenientJsonReaderModule(),
      versionPolicyModule(),
      loaded.storage.module,
      vectorsModule(config),
      queueModule(config),
      runEventFeedModule(config),
      runEventLogModule({ ...DEFAULT_RUN_EVENT_LOG_SETTINGS, retentionMs: config.runs.retentionMs }),
      httpEgressModule(config),
      llmProviderRegistryModule(config),
      kernelModule(config, { logger: logger.child({ component: 'kernel' }) }),
      knowledgeModule(),
      documentsModule(),
      dataSourcesModule(config),
      mailModule(config),
      dataSourceServicesModule(),
      notificationServicesModule(),
      workflowServicesModule(),
      workspaceModule(config),
      scheduleServicesModule(),
      goalServicesModule(),
      platformServicesModule(),
      builtinToolsProbeModule,
      ...contractModules,
    );
    return new WiredApp(loaded, container);
  }
}

/** /health's view of the kernel: ready once every built-in tool has loaded. */
const builtinToolsProbeModule = new ContainerModule(({ bind }) => {
  bind(BUILTIN_TOOLS_PROBE)
    .toDynamicValue((context) => {
      const kernel = context.get<PluginKernel>(PLUGIN_KERNEL);
      return {
        status: () => {
          const { count, ready } = kernel.readiness();
          return { count, ready: ready && count >= EXPECTED_BUILTIN_TOOLS };
        },
      };
    })
    .inSingletonScope();
});
