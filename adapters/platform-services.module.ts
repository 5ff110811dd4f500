import { ContainerModule } from 'inversify';
import { PLATFORM_GATEWAY, PlatformGateway } from '../core/ports/platform-gateway.port';
import { PlatformGatewayService } from '../core/services/platform/platform-gateway.service';

/**
 * PLATFORM_GATEWAY, what the plugins' `platform` capability runs. Needs the agent, workflow,
 * task and schedule modules (AgentCaller, ExecutionLauncher, TaskManager, ScheduleManager).
 */
export function platformServicesModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<PlatformGateway>(PLATFORM_GATEWAY).toService(PlatformGatewayService);
  });
}
