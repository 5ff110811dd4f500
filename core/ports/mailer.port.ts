import { token } from '../shared/token';

export interface MailMessage {
  /** One address. */
  to: string;
  subject: string;
  text: string;
}

/**
 * Outgoing e-mail. Failures: `NotificationChannelUnavailableError` when the server has no
 * mail transport configured, `MailDeliveryError` when the mail server refuses or is unreachable.
 */
export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
}

export const MAILER = token<Mailer>('Mailer');
