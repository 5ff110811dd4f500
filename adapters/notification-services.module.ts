import { ContainerModule } from 'inversify';
import { NOTIFICATION_GATEWAY, NotificationGateway } from '../core/ports/notification-gateway.port';
import { Notifier } from '../core/services/notifications/notifier.service';

/**
 * NOTIFICATION_GATEWAY, answered by the Notifier use case. The notification use cases need the
 * storage module (NOTIFICATION_REPOSITORY), MAILER (adapters/mail), HTTP_EGRESS, CLOCK and ID_GENERATOR.
 */
export function notificationServicesModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<NotificationGateway>(NOTIFICATION_GATEWAY).toService(Notifier);
  });
}
