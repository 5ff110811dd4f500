import { Container } from 'inversify';
import { DATA_SOURCE_GATEWAY } from '../../core/ports/data-source-gateway.port';
import { HTTP_EGRESS } from '../../core/ports/http-egress.port';
import { KEY_VALUE_STORE } from '../../core/ports/key-value-store.port';
import { KNOWLEDGE_GATEWAY } from '../../core/ports/knowledge-gateway.port';
import { LLM_PROVIDER } from '../../core/ports/llm-provider.port';
import { NOTIFICATION_GATEWAY } from '../../core/ports/notification-gateway.port';
import { PLATFORM_GATEWAY } from '../../core/ports/platform-gateway.port';
import { WORKSPACE_FILES } from '../../core/ports/workspace-files.port';
import { DailyQuotas } from '../../core/services/quotas/daily-quotas.service';
import { CapabilityHandler } from '../../plugins/kernel/capabilities/capability-handler';
import { RoutedCapability } from '../../plugins/kernel/capabilities/capability-router';
import { DatasourceCapability } from '../../plugins/kernel/capabilities/datasource-capability';
import { HttpCapability } from '../../plugins/kernel/capabilities/http-capability';
import { KnowledgeCapability } from '../../plugins/kernel/capabilities/knowledge-capability';
import { KvCapability } from '../../plugins/kernel/capabilities/kv-capability';
import { LlmCapability } from '../../plugins/kernel/capabilities/llm-capability';
import { NotifyCapability } from '../../plugins/kernel/capabilities/notify-capability';
import { PlatformCapability } from '../../plugins/kernel/capabilities/platform-capability';
import { WorkspaceCapability } from '../../plugins/kernel/capabilities/workspace-capability';
import { PluginKernel } from '../../plugins/kernel/plugin-kernel';

/**
 * Every kernel capability, in one list: each wraps the port (or the core's gateway) that answers
 * it. A `Record` over every capability name, so a capability added to the manifest vocabulary
 * without a host side here does not compile.
 */
function kernelCapabilities(container: Container): Record<RoutedCapability, () => CapabilityHandler> {
  return {
    http: () => new HttpCapability(container.get(HTTP_EGRESS)),
    kv: () => new KvCapability(container.get(KEY_VALUE_STORE)),
    workspace: () => new WorkspaceCapability(container.get(WORKSPACE_FILES), container.get(DailyQuotas)),
    llm: () => new LlmCapability(container.get(LLM_PROVIDER)),
    knowledge: () => new KnowledgeCapability(container.get(KNOWLEDGE_GATEWAY)),
    datasource: () => new DatasourceCapability(container.get(DATA_SOURCE_GATEWAY)),
    notify: () => new NotifyCapability(container.get(NOTIFICATION_GATEWAY)),
    platform: () => new PlatformCapability(container.get(PLATFORM_GATEWAY)),
  };
}

/** Installs every capability's host side; the start step calls it before `kernel.start()`, so no tool runs without them. */
export function installKernelCapabilities(container: Container, kernel: PluginKernel): void {
  for (const [name, create] of Object.entries(kernelCapabilities(container)) as Array<[RoutedCapability, () => CapabilityHandler]>) {
    kernel.capabilities.register(name, create());
  }
}
