import { NotificationChannelUnavailableError } from '../../../core/domain/notification/notification.errors';
import { MailMessage, Mailer } from '../../../core/ports/mailer.port';

/** The embedded default: this server sends no e-mail until `SMTP_URL` is configured. */
export class DisabledMailer implements Mailer {
  async send(_message: MailMessage): Promise<{ messageId: string }> {
    throw new NotificationChannelUnavailableError('E-mail is not configured on this server (set SMTP_URL and SMTP_FROM)');
  }
}
