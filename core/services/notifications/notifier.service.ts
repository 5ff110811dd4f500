import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { MailDeliveryError, NotificationValidationError } from '../../domain/notification/notification.errors';
import { imAccepted, imPayload } from '../../domain/notification/im-payload';
import { CheckedNotifyMessage, checkNotifyMessage, NotifyMessage, NotifyReceipt } from '../../domain/notification/notify-message';
import { CLOCK, Clock } from '../../ports/clock.port';
import { HTTP_EGRESS, HttpEgress } from '../../ports/http-egress.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { MAILER, Mailer } from '../../ports/mailer.port';
import { NotificationGateway } from '../../ports/notification-gateway.port';
import { NOTIFICATION_REPOSITORY, NotificationRepository } from '../../ports/notification-repository.port';
import { summarizeIssues } from '../../shared/issue-summary';
import { DailyQuotas } from '../quotas/daily-quotas.service';
import { postJson } from './webhook-post';

const MAX_SUBJECT = 200;

/**
 * Sends a notification on one channel: `in_app` stores it in the actor's own inbox,
 * `email` goes through the `Mailer`, `webhook` and `im` are POSTed through the egress
 * guard. A receiver that answers with a failure, or cannot be reached, is a receipt with
 * `delivered: false`, not an error; a refused destination (`egress.forbidden_target`),
 * a malformed message, a channel this server lacks and a spent daily e-mail quota
 * (`quota.exceeded`, taken before the mail is handed to the server) are errors.
 */
@injectable()
export class Notifier implements NotificationGateway {
  constructor(
    @inject(NOTIFICATION_REPOSITORY) private readonly notifications: NotificationRepository,
    @inject(MAILER) private readonly mailer: Mailer,
    @inject(HTTP_EGRESS) private readonly egress: HttpEgress,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(DailyQuotas) private readonly quotas: DailyQuotas,
  ) {}

  async send(actor: Actor, message: NotifyMessage, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<NotifyReceipt> {
    const checked = checkNotifyMessage(message);
    if (!checked.ok) throw new NotificationValidationError(summarizeIssues('Invalid notification', checked.issues), checked.issues);
    const id = this.ids.uuid();
    return this.deliver(actor, id, checked.value, options);
  }

  private async deliver(
    actor: Actor,
    id: string,
    message: CheckedNotifyMessage,
    options: { signal?: AbortSignal; timeoutMs?: number },
  ): Promise<NotifyReceipt> {
    const { title, data } = message;
    switch (message.channel) {
      case 'in_app':
        await this.notifications.create({ id, userId: actor.userId, title, message: message.message, data, read: false, createdAt: this.clock.now() });
        return { id, channel: 'in_app', delivered: true };
      case 'email':
        return this.email(actor, id, message.to, title, message.message);
      case 'webhook': {
        const body = { id, title: title || null, message: message.message, data, sent_at: this.clock.now().toISOString() };
        const answer = await postJson(this.egress, message.to, body, options);
        const outcome = answer.reached ? webhookAccepted(answer.status) : { delivered: false, detail: answer.detail };
        return { id, channel: 'webhook', ...outcome, ...(answer.reached ? { status: answer.status } : {}) };
      }
      case 'im': {
        const answer = await postJson(this.egress, message.to, imPayload(message.format, title, message.message, data), options);
        const outcome = answer.reached ? imAccepted(message.format, answer.status, answer.body) : { delivered: false, detail: answer.detail };
        return { id, channel: 'im', ...outcome, ...(answer.reached ? { status: answer.status } : {}) };
      }
    }
  }

  private async email(actor: Actor, id: string, to: string, title: string, text: string): Promise<NotifyReceipt> {
    const subject = (title || text.split('\n', 1)[0].trim()).slice(0, MAX_SUBJECT);
    // Taken before sending, and kept when delivery fails: the mail server was asked either way.
    await this.quotas.take(actor.userId, 'emails');
    try {
      await this.mailer.send({ to, subject, text });
      return { id, channel: 'email', delivered: true };
    } catch (error) {
      if (error instanceof MailDeliveryError) return { id, channel: 'email', delivered: false, detail: error.message };
      throw error;
    }
  }
}

function webhookAccepted(status: number): { delivered: boolean; detail?: string } {
  return status >= 200 && status < 300 ? { delivered: true } : { delivered: false, detail: `The receiver answered HTTP ${status}` };
}
