import { createTransport, Transporter } from 'nodemailer';
import { MailDeliveryError } from '../../../core/domain/notification/notification.errors';
import { MailMessage, Mailer } from '../../../core/ports/mailer.port';

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
  url: string;
  /** The From header and envelope sender, e.g. `Agent Platform <noreply@example.com>`. */
  from: string;
  /** Connection, greeting and socket timeouts. Default 10 s. */
  timeoutMs?: number;
}

/** Plain-text mail through one SMTP server (nodemailer). Server replies never leave this class. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpMailerOptions) {
    const timeout = options.timeoutMs ?? 10_000;
    this.transport = createTransport(options.url, { connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout });
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    try {
      const info = (await this.transport.sendMail({ from: this.options.from, to: message.to, subject: message.subject, text: message.text })) as {
        messageId: string;
      };
      return { messageId: info.messageId };
    } catch (error) {
      throw new MailDeliveryError(describe(error));
    }
  }

  close(): void {
    this.transport.close();
  }
}

function describe(error: unknown): string {
  const { code, responseCode } = (typeof error === 'object' && error !== null ? error : {}) as { code?: string; responseCode?: number };
  if (code === 'EAUTH') return 'The mail server refused our credentials';
  if (code === 'ECONNECTION' || code === 'ETIMEDOUT' || code === 'ESOCKET' || code === 'EDNS') return 'The mail server could not be reached';
  if (code === 'EENVELOPE') return `The mail server refused the recipient${responseCode ? ` (${responseCode})` : ''}`;
  return `The mail server refused the message${responseCode ? ` (${responseCode})` : ''}`;
}
