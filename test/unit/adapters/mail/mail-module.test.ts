import { Container } from 'inversify';
import { ConfigError } from '../../../../adapters/config/config-error';
import { loadConfig } from '../../../../adapters/config/load-config';
import { DisabledMailer } from '../../../../adapters/mail/disabled/disabled-mailer';
import { mailModule } from '../../../../adapters/mail/mail.module';
import { SmtpMailer } from '../../../../adapters/mail/smtp/smtp-mailer';
import { MAILER, Mailer } from '../../../../core/ports/mailer.port';

function mailerFor(env: NodeJS.ProcessEnv): Mailer {
  const container = new Container();
  container.loadSync(mailModule(loadConfig(env)));
  return container.get<Mailer>(MAILER);
}

describe('mail configuration', () => {
  it('When SMTP_URL is unset, Then the mailer answers unavailable and names the variables to set', async () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: undefined });
    const mailer = mailerFor({});
    expect(mailer).toBeInstanceOf(DisabledMailer);
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toMatchObject({
      code: 'notification.unavailable',
      message: 'E-mail is not configured on this server (set SMTP_URL and SMTP_FROM)',
    });
  });

  it('When SMTP_URL and SMTP_FROM are set, Then the SMTP mailer is bound', () => {
    const env = { SMTP_URL: 'smtps://user:pass@mail.example.com:465', SMTP_FROM: 'Agents <agents@example.com>' };
    expect(loadConfig(env).mail).toEqual({ smtpUrl: env.SMTP_URL, from: env.SMTP_FROM });
    const mailer = mailerFor(env);
    expect(mailer).toBeInstanceOf(SmtpMailer);
    (mailer as SmtpMailer).close();
  });

  it('When SMTP_URL comes without SMTP_FROM, or is not an smtp URL, Then start-up fails naming the variable', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(/SMTP_FROM/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com', SMTP_FROM: 'a@b.c' })).toThrow(/SMTP_URL/);
  });
});
