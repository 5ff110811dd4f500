import { Container } from 'inversify';
import { DATA_SOURCE_GATEWAY } from '../core/ports/data-source-gateway.port';
import { KNOWLEDGE_GATEWAY } from '../core/ports/knowledge-gateway.port';
import { NOTIFICATION_GATEWAY } from '../core/ports/notification-gateway.port';
import { PLATFORM_GATEWAY } from '../core/ports/platform-gateway.port';
import { DatasourceCapability } from '../plugins/kernel/capabilities/datasource-capability';
import { KnowledgeCapability } from '../plugins/kernel/capabilities/knowledge-capability';
import { NotifyCapability } from '../plugins/kernel/capabilities/notify-capability';
import { PlatformCapability } from '../plugins/kernel/capabilities/platform-capability';
import { PluginKernel } from '../plugins/kernel/plugin-kernel';

/**
 * Every kernel capability the core answers, in one list: each wraps the gateway port its use
 * cases implement. (`http`, `kv`, `workspace` and `llm` the kernel makes itself from its ports.)
 * Called once every module is loaded and before `kernel.start()`, so no tool runs without them.
 */
export function registerHostCapabilities(container: Container, kernel: PluginKernel): void {
  const capabilities = [
    ['knowledge', () => new KnowledgeCapability(container.get(KNOWLEDGE_GATEWAY))],
    ['datasource', () => new DatasourceCapability(container.get(DATA_SOURCE_GATEWAY))],
    ['notify', () => new NotifyCapability(container.get(NOTIFICATION_GATEWAY))],
    ['platform', () => new PlatformCapability(container.get(PLATFORM_GATEWAY))],
  ] as const;
  for (const [name, create] of capabilities) kernel.capabilities.register(name, create());
}
