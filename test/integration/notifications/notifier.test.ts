import { GuardedHttpEgress } from '../../../adapters/http/guarded-http-egress';
import { DisabledMailer } from '../../../adapters/mail/disabled/disabled-mailer';
import { SmtpMailer } from '../../../adapters/mail/smtp/smtp-mailer';
import { CryptoIdGenerator } from '../../../adapters/system/crypto-id-generator';
import { SystemClock } from '../../../adapters/system/system-clock';
import { Actor } from '../../../core/domain/auth/actor';
import { NOTIFICATION_REPOSITORY, NotificationRepository } from '../../../core/ports/notification-repository.port';
import { RATE_LIMITER } from '../../../core/ports/rate-limiter.port';
import { Mailer } from '../../../core/ports/mailer.port';
import { NotificationInbox } from '../../../core/services/notifications/notification-inbox.service';
import { Notifier } from '../../../core/services/notifications/notifier.service';
import { DomainError } from '../../../core/shared/domain-error';
import { LoopbackServer, startLoopbackServer } from '../../fixtures/http/loopback-server';
import { SmtpTestServer, startSmtpTestServer } from '../../fixtures/smtp/smtp-test-server';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { dailyQuotas } from '../../support/usage-limits';

const ALICE: Actor = { userId: 'a1111111-1111-4111-8111-111111111111', role: 'user' };
const BOB: Actor = { userId: 'b2222222-2222-4222-8222-222222222222', role: 'user' };

let storage: TestStorage;
let repository: NotificationRepository;
let smtp: SmtpTestServer;
let mailer: SmtpMailer;
let receiver: LoopbackServer;
/** Where a followed redirect would land: allow-listed like the receiver, so only the notifier's own rule keeps it untouched. */
let bait: LoopbackServer;
let nextAnswer: { status: number; body: string; headers?: Record<string, string> } = { status: 200, body: 'ok' };

function notifierWith(options: { mailer?: Mailer; allowLoopback?: boolean } = {}): Notifier {
  const egress = new GuardedHttpEgress({ allowHosts: options.allowLoopback === false ? [] : ['127.0.0.1'] });
  const clock = new SystemClock();
  return new Notifier(repository, options.mailer ?? mailer, egress, new CryptoIdGenerator(), clock, dailyQuotas(storage.get(RATE_LIMITER), clock));
}

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

beforeAll(async () => {
  storage = await createTestStorage('sqlite');
  repository = storage.get(NOTIFICATION_REPOSITORY);
  smtp = await startSmtpTestServer();
  mailer = new SmtpMailer({ url: smtp.url('mailer', 's3cret'), from: 'Agent Platform <noreply@platform.test>' });
  receiver = await startLoopbackServer((_req, res) =>
    res.writeHead(nextAnswer.status, { 'content-type': 'application/json', ...nextAnswer.headers }).end(nextAnswer.body),
  );
  bait = await startLoopbackServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"taken":true}'));
});
afterAll(async () => {
  mailer.close();
  await Promise.all([storage.destroy(), smtp.close(), receiver.close(), bait.close()]);
});
beforeEach(() => {
  smtp.messages.length = 0;
  receiver.requests.length = 0;
  bait.requests.length = 0;
  nextAnswer = { status: 200, body: 'ok' };
});

describe('Notifier, in_app channel', () => {
  it('When a notification is sent without a channel, Then it is stored in the sender’s own inbox', async () => {
    const receipt = await notifierWith().send(ALICE, { title: 'Report\nready', message: 'The report is ready.', data: { report: 'r-1', pages: 3 } });
    expect(receipt).toEqual({ id: expect.any(String), channel: 'in_app', delivered: true });
    const inbox = new NotificationInbox(repository);
    const page = await inbox.list(ALICE, { page: 1, pageSize: 20 });
    expect(page.items).toEqual([
      {
        id: receipt.id,
        userId: ALICE.userId,
        title: 'Report ready',
        message: 'The report is ready.',
        data: { report: 'r-1', pages: 3 },
        read: false,
        createdAt: expect.any(Date),
      },
    ]);
    expect(await inbox.unreadCount(BOB)).toBe(0);
  });

  it('When the inbox is used, Then reads, read-all and deletes are scoped to its owner', async () => {
    const notifier = notifierWith();
    const inbox = new NotificationInbox(repository);
    const first = await notifier.send(BOB, { message: 'one' });
    await notifier.send(BOB, { message: 'two' });
    expect(await inbox.unreadCount(BOB)).toBe(2);
    expect((await errorOf(inbox.markRead(ALICE, first.id))).code).toBe('notification.not_found');
    await inbox.markRead(BOB, first.id);
    expect((await inbox.list(BOB, { page: 1, pageSize: 20 }, { unreadOnly: true })).items.map((n) => n.message)).toEqual(['two']);
    expect(await inbox.markAllRead(BOB)).toBe(1);
    expect((await errorOf(inbox.delete(ALICE, first.id))).code).toBe('notification.not_found');
    await inbox.delete(BOB, first.id);
    expect((await inbox.list(BOB, { page: 1, pageSize: 20 })).total).toBe(1);
  });

  it('When the message is empty or names another recipient, Then it is refused with every problem', async () => {
    const error = await errorOf(notifierWith().send(ALICE, { message: ' ', to: BOB.userId, channel: 'in_app' }));
    expect(error.code).toBe('notification.validation');
    expect(error.details?.map((d) => d.field).sort()).toEqual(['message', 'to']);
  });
});

describe('Notifier, email channel', () => {
  it('When an e-mail is sent, Then the SMTP server receives it from SMTP_FROM, authenticated, as plain text', async () => {
    const receipt = await notifierWith().send(ALICE, {
      channel: 'email',
      to: 'ops@example.com',
      title: 'Nightly import',
      message: 'All rows imported.\nNo errors.',
    });
    expect(receipt).toEqual({ id: expect.any(String), channel: 'email', delivered: true });
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail).toMatchObject({ from: 'noreply@platform.test', to: ['ops@example.com'], auth: 'mailer:s3cret' });
    expect(mail.data).toMatch(/^Subject: Nightly import$/m);
    expect(mail.data).toMatch(/^From: Agent Platform <noreply@platform\.test>$/m);
    expect(mail.data).toMatch(/^Content-Type: text\/plain/m);
    expect(mail.data).toContain('All rows imported.\r\nNo errors.');
  });

  it('When the title tries to add a header, Then it stays in the subject and adds no recipient', async () => {
    await notifierWith().send(ALICE, { channel: 'email', to: 'ops@example.com', title: 'Hi\r\nBcc: thief@evil.test', message: 'x' });
    const [mail] = smtp.messages;
    expect(mail.to).toEqual(['ops@example.com']);
    expect(mail.data).toMatch(/^Subject: Hi Bcc: thief@evil\.test$/m);
    expect(mail.data).not.toMatch(/^Bcc:/m);
  });

  it('When the mail server refuses the recipient, Then the receipt says not delivered, with the reply code only', async () => {
    const receipt = await notifierWith().send(ALICE, { channel: 'email', to: 'reject-me@example.com', message: 'x' });
    expect(receipt).toEqual({ id: expect.any(String), channel: 'email', delivered: false, detail: 'The mail server refused the recipient (550)' });
  });

  it('When the address is not one e-mail address, Then it is refused before any mail is sent', async () => {
    for (const to of ['two@a.test, three@b.test', 'no-at-sign', 'a@b.test\r\nRCPT TO:<x@y.test>']) {
      expect((await errorOf(notifierWith().send(ALICE, { channel: 'email', to, message: 'x' }))).code).toBe('notification.validation');
    }
    expect(smtp.messages).toHaveLength(0);
  });

  it('When the mail server is down, Then the receipt says it could not be reached', async () => {
    const down = new SmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'noreply@platform.test', timeoutMs: 2000 });
    const receipt = await notifierWith({ mailer: down }).send(ALICE, { channel: 'email', to: 'ops@example.com', message: 'x' });
    expect(receipt).toMatchObject({ delivered: false, detail: 'The mail server could not be reached' });
  });

  it('When no SMTP_URL is configured, Then the email channel answers unavailable with a clear message', async () => {
    const error = await errorOf(notifierWith({ mailer: new DisabledMailer() }).send(ALICE, { channel: 'email', to: 'ops@example.com', message: 'x' }));
    expect(error.code).toBe('notification.unavailable');
    expect(error.message).toContain('SMTP_URL');
  });
});

describe('Notifier, webhook and im channels', () => {
  it('When a webhook is notified, Then it receives the notification as JSON through the egress guard', async () => {
    const receipt = await notifierWith().send(ALICE, {
      channel: 'webhook',
      to: `${receiver.url}/hooks/alerts`,
      title: 'Disk',
      message: '90% full',
      data: { host: 'db-1' },
    });
    expect(receipt).toEqual({ id: expect.any(String), channel: 'webhook', delivered: true, status: 200 });
    const [request] = receiver.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/hooks/alerts' });
    expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(request.body)).toEqual({ id: receipt.id, title: 'Disk', message: '90% full', data: { host: 'db-1' }, sent_at: expect.any(String) });
  });

  it('When the webhook answers 500, Then it is reported as not delivered', async () => {
    nextAnswer = { status: 500, body: '{}' };
    expect(await notifierWith().send(ALICE, { channel: 'webhook', to: `${receiver.url}/x`, message: 'm' })).toMatchObject({
      delivered: false,
      status: 500,
      detail: 'The receiver answered HTTP 500',
    });
    expect(receiver.requests).toHaveLength(1);
  });

  it.each([301, 302, 303, 307, 308])(
    'When the webhook answers %i with a Location, Then the redirect is not followed and it is reported as not delivered',
    async (status) => {
      nextAnswer = { status, body: '', headers: { location: `${bait.url}/collect` } };
      expect(await notifierWith().send(ALICE, { channel: 'webhook', to: `${receiver.url}/x`, message: 'm' })).toMatchObject({ delivered: false, status });
      expect(receiver.requests).toHaveLength(1);
      expect(bait.requests).toHaveLength(0);
    },
  );

  it('When the webhook is on a loopback address that is not allow-listed, Then the egress guard refuses it', async () => {
    const error = await errorOf(notifierWith({ allowLoopback: false }).send(ALICE, { channel: 'webhook', to: `${receiver.url}/x`, message: 'm' }));
    expect(error.code).toBe('egress.forbidden_target');
    expect(receiver.requests).toHaveLength(0);
  });

  it.each([
    ['slack', { text: '*Deploy*\nVersion 2 is live.' }],
    ['feishu', { msg_type: 'post', content: { post: { zh_cn: { title: 'Deploy', content: [[{ tag: 'text', text: 'Version 2 is live.' }]] } } } }],
    ['dingtalk', { msgtype: 'markdown', markdown: { title: 'Deploy', text: '#### Deploy\n\nVersion 2 is live.' } }],
    ['generic', { title: 'Deploy', text: 'Version 2 is live.', data: {} }],
  ])('When an IM message is sent in the %s format, Then the webhook receives that platform’s body', async (format, body) => {
    nextAnswer = { status: 200, body: format === 'feishu' ? '{"code":0,"msg":"success"}' : format === 'dingtalk' ? '{"errcode":0,"errmsg":"ok"}' : 'ok' };
    const receipt = await notifierWith().send(ALICE, { channel: 'im', to: `${receiver.url}/bot`, title: 'Deploy', message: 'Version 2 is live.', format });
    expect(receipt).toEqual({ id: expect.any(String), channel: 'im', delivered: true, status: 200 });
    expect(JSON.parse(receiver.requests[0].body)).toEqual(body);
  });

  it('When Feishu or DingTalk answer 200 with an error code, Then the message is reported as refused', async () => {
    nextAnswer = { status: 200, body: '{"code":19001,"msg":"param invalid: incoming webhook access token invalid"}' };
    expect(await notifierWith().send(ALICE, { channel: 'im', to: `${receiver.url}/bot`, message: 'm', format: 'feishu' })).toMatchObject({
      delivered: false,
      status: 200,
      detail: 'The chat platform refused the message (code 19001): param invalid: incoming webhook access token invalid',
    });
    nextAnswer = { status: 200, body: '{"errcode":310000,"errmsg":"keywords not in content"}' };
    expect(await notifierWith().send(ALICE, { channel: 'im', to: `${receiver.url}/bot`, message: 'm', format: 'dingtalk' })).toMatchObject({
      delivered: false,
      detail: expect.stringContaining('310000'),
    });
  });

  it('When the IM format is unknown or the URL is not http(s), Then the message is refused', async () => {
    const error = await errorOf(notifierWith().send(ALICE, { channel: 'im', to: 'ftp://example.com/x', message: 'm', format: 'teams' }));
    expect(error.details?.map((d) => d.field).sort()).toEqual(['format', 'to']);
  });
});
