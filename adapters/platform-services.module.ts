import { ContainerModule } from 'inversify';
import { PLATFORM_GATEWAY, PlatformGateway } from '../core/ports/platform-gateway.port';
import { PlatformGatewayService } from '../core/services/platform/platform-gateway.service';
import { Token } from '../core/shared/token';
import { PlatformCapability } from '../plugins/kernel/capabilities/platform-capability';
import { PluginKernel } from '../plugins/kernel/plugin-kernel';

/**
 * PLATFORM_GATEWAY, what the plugins' `platform` capability runs. Needs the agent, workflow,
 * task and schedule modules (AgentCaller, ExecutionLauncher, TaskManager, ScheduleManager).
 */
export function platformServicesModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(PlatformGatewayService).toSelf().inSingletonScope();
    bind<PlatformGateway>(PLATFORM_GATEWAY).toService(PlatformGatewayService);
  });
}

/**
 * Installs the host side of the plugins' `platform` capability; call it before `kernel.start()`
 * and after the modules the gateway needs are loaded.
 */
export function registerPlatformCapability(container: { get<T>(token: Token<T>): T }, kernel: PluginKernel): void {
  kernel.capabilities.register('platform', new PlatformCapability(container.get(PLATFORM_GATEWAY)));
}
