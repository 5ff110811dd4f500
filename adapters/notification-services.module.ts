import { ContainerModule } from 'inversify';
import { NOTIFICATION_GATEWAY, NotificationGateway } from '../core/ports/notification-gateway.port';
import { Token } from '../core/shared/token';
import { NotificationInbox } from '../core/services/notifications/notification-inbox.service';
import { Notifier } from '../core/services/notifications/notifier.service';
import { NotifyCapability } from '../plugins/kernel/capabilities/notify-capability';
import { PluginKernel } from '../plugins/kernel/plugin-kernel';

/**
 * The notification use cases (sending, the in-app inbox) and NOTIFICATION_GATEWAY. Needs the
 * storage module (NOTIFICATION_REPOSITORY), MAILER (adapters/mail), HTTP_EGRESS, CLOCK and ID_GENERATOR.
 */
export function notificationServicesModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(Notifier).toSelf().inSingletonScope();
    bind(NotificationInbox).toSelf().inSingletonScope();
    bind<NotificationGateway>(NOTIFICATION_GATEWAY).toService(Notifier);
  });
}

/** Installs the host side of the plugins' `notify` capability; call it before `kernel.start()`. */
export function registerNotifyCapability(container: { get<T>(token: Token<T>): T }, kernel: PluginKernel): void {
  kernel.capabilities.register('notify', new NotifyCapability(container.get(NOTIFICATION_GATEWAY)));
}
