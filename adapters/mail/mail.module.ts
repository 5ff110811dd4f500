import { ContainerModule } from 'inversify';
import { MAILER } from '../../core/ports/mailer.port';
import { AppConfig } from '../config/app-config';
import { DisabledMailer } from './disabled/disabled-mailer';
import { SmtpMailer } from './smtp/smtp-mailer';

/** Binds `MAILER`: SMTP when `SMTP_URL` is set, otherwise a mailer that answers "unavailable". */
export function mailModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const { smtpUrl, from } = config.mail;
    bind(MAILER).toConstantValue(smtpUrl && from ? new SmtpMailer({ url: smtpUrl, from }) : new DisabledMailer());
  });
}
