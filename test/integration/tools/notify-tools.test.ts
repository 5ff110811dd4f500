import { DisabledMailer } from '../../../adapters/mail/disabled/disabled-mailer';
import { SmtpMailer } from '../../../adapters/mail/smtp/smtp-mailer';
import { Actor } from '../../../core/domain/auth/actor';
import { Mailer } from '../../../core/ports/mailer.port';
import { NOTIFICATION_GATEWAY } from '../../../core/ports/notification-gateway.port';
import { NotificationInbox } from '../../../core/services/notifications/notification-inbox.service';
import { NotifyCapability } from '../../../plugins/kernel/capabilities/notify-capability';
import { LoopbackServer, startLoopbackServer } from '../../fixtures/http/loopback-server';
import { SmtpTestServer, startSmtpTestServer } from '../../fixtures/smtp/smtp-test-server';
import { createDataServices, DataServices } from '../../support/data-services';
import { createTestKernel, TEST_ACTOR, TestKernel } from '../../support/kernel-harness';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { describeManifestExamples, failureOf, resultOf } from './builtin-tool-examples';

const BOB: Actor = { userId: 'user-2', role: 'user' };

let storage: TestStorage;
let smtp: SmtpTestServer;
let smtpMailer: SmtpMailer;
/** What the services' mailer delegates to: the SMTP fake, or a mailer as on a server without SMTP_URL. */
let mailer: Mailer;
let receiver: LoopbackServer;
let answer: { status: number; body: string };
let services: DataServices;
let kernel: TestKernel;
let inbox: NotificationInbox;

beforeAll(async () => {
  storage = await createTestStorage('sqlite');
  smtp = await startSmtpTestServer();
  smtpMailer = new SmtpMailer({ url: smtp.url(), from: 'Agents <agents@platform.test>' });
  receiver = await startLoopbackServer((_req, res) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body));
  services = createDataServices(storage, { allowHosts: ['127.0.0.1'], mailer: { send: (message) => mailer.send(message) } });
  inbox = services.container.get(NotificationInbox);
  kernel = await createTestKernel({
    tools: ['send_email', 'im_send_message', 'notify'],
    handlers: { notify: new NotifyCapability(services.container.get(NOTIFICATION_GATEWAY)) },
  });
});
afterAll(async () => {
  smtpMailer?.close();
  await kernel?.close();
  await Promise.all([storage?.destroy(), smtp?.close(), receiver?.close()]);
});
beforeEach(() => {
  mailer = smtpMailer;
  answer = { status: 200, body: 'ok' };
  smtp.messages.length = 0;
  receiver.requests.length = 0;
});

describeManifestExamples(['notify', 'send_email'], () => kernel);

describe('notify', () => {
  it('When the tool notifies, Then the calling user’s inbox holds the notification, and nobody else’s', async () => {
    const result = await resultOf<{ id: string; delivered: boolean }>(kernel, 'notify', {
      title: 'Done',
      message: 'The import finished.',
      data: { rows: 1204 },
    });
    expect(result).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), delivered: true });
    const page = await inbox.list(TEST_ACTOR, { page: 1, pageSize: 100 });
    expect(page.items.find((n) => n.id === result.id)).toMatchObject({
      userId: TEST_ACTOR.userId,
      title: 'Done',
      message: 'The import finished.',
      data: { rows: 1204 },
      read: false,
    });
    expect(await inbox.unreadCount(BOB)).toBe(0);
  });

  it('When another user runs it, Then the notification lands in their own inbox', async () => {
    const outcome = await kernel.invoke('notify', { message: 'for Bob' }, { actor: BOB });
    expect(outcome).toMatchObject({ success: true, receipt: { capabilities_used: ['notify'] } });
    expect((await inbox.list(BOB, { page: 1, pageSize: 10 })).items.map((n) => n.message)).toEqual(['for Bob']);
  });

  it('When the data is too large, Then the call fails with the field named', async () => {
    const failure = await failureOf(kernel, 'notify', { message: 'x', data: { blob: 'y'.repeat(20_000) } });
    expect(failure.error.code).toBe('runtime_error');
    expect(failure.error.message).toBe('Invalid notification: data must be an object of at most 16384 characters of JSON');
  });
});

describe('send_email', () => {
  it('When an e-mail is sent, Then the SMTP server receives it with the subject and plain-text body', async () => {
    const result = await resultOf(kernel, 'send_email', { to: 'team@example.com', subject: 'Weekly report', body: 'Revenue is up 4%.\n\n-- your agent' });
    expect(result).toEqual({ id: expect.any(String) });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toMatchObject({ from: 'agents@platform.test', to: ['team@example.com'] });
    expect(smtp.messages[0].data).toMatch(/^Subject: Weekly report$/m);
    expect(smtp.messages[0].data).toContain('Revenue is up 4%.\r\n\r\n-- your agent');
  });

  it('When the server refuses the recipient, Then the call fails with not_delivered and the server’s answer', async () => {
    expect((await failureOf(kernel, 'send_email', { to: 'reject@example.com', subject: 's', body: 'b' })).error).toEqual({
      code: 'runtime_error',
      reason: 'not_delivered',
      message: 'The mail server refused the recipient (550)',
    });
  });

  it('When the server has no SMTP configured, Then the call fails with unavailable', async () => {
    mailer = new DisabledMailer();
    const failure = await failureOf(kernel, 'send_email', { to: 'team@example.com', subject: 's', body: 'b' });
    expect(failure.error).toEqual({ code: 'unavailable', message: 'E-mail is not configured on this server (set SMTP_URL and SMTP_FROM)' });
  });

  it('When the address is not an e-mail address, Then the kernel refuses the input before anything is sent', async () => {
    expect((await failureOf(kernel, 'send_email', { to: 'not an address', subject: 's', body: 'b' })).error.code).toBe('invalid_input');
    expect(smtp.messages).toHaveLength(0);
  });
});

describe('im_send_message', () => {
  it('When a Slack message is sent, Then the webhook receives Slack’s body', async () => {
    const result = await resultOf(kernel, 'im_send_message', {
      webhook_url: `${receiver.url}/services/T1/B2/abc`,
      title: 'Deploy',
      text: 'v2 is live',
      format: 'slack',
    });
    expect(result).toEqual({ id: expect.any(String), format: 'slack', status: 200 });
    expect(receiver.requests[0]).toMatchObject({ method: 'POST', url: '/services/T1/B2/abc' });
    expect(JSON.parse(receiver.requests[0].body)).toEqual({ text: '*Deploy*\nv2 is live' });
  });

  it('When no format is given for an unknown host, Then the generic body is sent', async () => {
    expect(await resultOf(kernel, 'im_send_message', { webhook_url: `${receiver.url}/bot`, text: 'hello' })).toMatchObject({ format: 'generic', status: 200 });
    expect(JSON.parse(receiver.requests[0].body)).toEqual({ title: null, text: 'hello', data: {} });
  });

  it('When Feishu answers 200 with an error code, Then the call fails with not_delivered and the refusal', async () => {
    answer = { status: 200, body: '{"code":19024,"msg":"Key Words Not Found"}' };
    const failure = await failureOf(kernel, 'im_send_message', { webhook_url: `${receiver.url}/open-apis/bot/v2/hook/x`, text: 'hi', format: 'feishu' });
    expect(failure.error).toEqual({
      code: 'runtime_error',
      reason: 'not_delivered',
      message: 'The chat platform refused the message (code 19024): Key Words Not Found',
    });
    expect(JSON.parse(receiver.requests[0].body)).toEqual({ msg_type: 'text', content: { text: 'hi' } });
  });

  it('When the webhook answers 404, Then the call fails with not_delivered naming the status', async () => {
    answer = { status: 404, body: 'no_service' };
    expect((await failureOf(kernel, 'im_send_message', { webhook_url: `${receiver.url}/gone`, text: 'hi', format: 'slack' })).error).toEqual({
      code: 'runtime_error',
      reason: 'not_delivered',
      message: 'The chat platform answered HTTP 404',
    });
  });

  it.each([
    ['a private address', 'http://10.0.0.7/hook'],
    ['the metadata address', 'http://169.254.169.254/latest/meta-data'],
  ])('When the webhook URL is %s, Then the egress guard refuses it', async (_name, url) => {
    const failure = await failureOf(kernel, 'im_send_message', { webhook_url: url, text: 'hi' });
    expect(failure.error).toMatchObject({ code: 'runtime_error', reason: 'forbidden_target', message: expect.stringMatching(/not allowed/) });
  });
});
