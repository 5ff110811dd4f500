import { Actor } from '../domain/auth/actor';
import { NotifyMessage, NotifyReceipt } from '../domain/notification/notify-message';
import { token } from '../shared/token';

/** What the kernel's `notify` capability may do, acting as `actor` (implemented by the core). */
export interface NotificationGateway {
  send(actor: Actor, message: NotifyMessage, options?: { signal?: AbortSignal; timeoutMs?: number }): Promise<NotifyReceipt>;
}

export const NOTIFICATION_GATEWAY = token<NotificationGateway>('NotificationGateway');
