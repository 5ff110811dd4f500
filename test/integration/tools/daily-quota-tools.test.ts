import { SmtpMailer } from '../../../adapters/mail/smtp/smtp-mailer';
import { Actor } from '../../../core/domain/auth/actor';
import { NOTIFICATION_GATEWAY } from '../../../core/ports/notification-gateway.port';
import { PLATFORM_GATEWAY } from '../../../core/ports/platform-gateway.port';
import { SCHEDULE_REPOSITORY, ScheduleRepository } from '../../../core/ports/schedule-repository.port';
import { USER_REPOSITORY } from '../../../core/ports/user-repository.port';
import { WORKFLOW_REPOSITORY } from '../../../core/ports/workflow-repository.port';
import { CapabilityHandler } from '../../../plugins/kernel/capabilities/capability-handler';
import { NotifyCapability } from '../../../plugins/kernel/capabilities/notify-capability';
import { PlatformCapability } from '../../../plugins/kernel/capabilities/platform-capability';
import { SmtpTestServer, startSmtpTestServer } from '../../fixtures/smtp/smtp-test-server';
import { aUser } from '../../fixtures/users/user.mother';
import { aWorkflow } from '../../fixtures/workflows/workflow.mother';
import { createDataServices } from '../../support/data-services';
import { createTestKernel, EchoLlmProvider, TEST_ACTOR, TestKernel } from '../../support/kernel-harness';
import { createPlatformServices } from '../../support/platform-services';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { UsageLimits } from '../../support/usage-limits';

const BOB: Actor = { userId: 'user-2', role: 'user' };
const NOW = '2030-03-04T08:00:00.000Z';
const LIMITS: UsageLimits = { dailyQuotas: { emails: 2, schedules: 1 } };

let storage: TestStorage;
let smtp: SmtpTestServer;
let mailer: SmtpMailer;
let kernel: TestKernel;
let schedules: ScheduleRepository;

beforeAll(async () => {
  storage = await createTestStorage('sqlite');
  smtp = await startSmtpTestServer();
  mailer = new SmtpMailer({ url: smtp.url(), from: 'Agents <agents@platform.test>' });
  const data = createDataServices(storage, { mailer, limits: LIMITS });
  // The kernel is built first (the platform services run tools through it), so its platform handler is bound late.
  const late: { platform?: CapabilityHandler } = {};
  kernel = await createTestKernel({
    tools: ['send_email', 'schedule_run'],
    handlers: {
      notify: new NotifyCapability(data.container.get(NOTIFICATION_GATEWAY)),
      platform: { handle: (method, args, context) => (late.platform as CapabilityHandler).handle(method, args, context) },
    },
  });
  const platform = createPlatformServices(storage, { llm: new EchoLlmProvider(), tools: kernel.registry, now: NOW, limits: LIMITS });
  late.platform = new PlatformCapability(platform.container.get(PLATFORM_GATEWAY));
  schedules = storage.get(SCHEDULE_REPOSITORY);
  await storage.get(USER_REPOSITORY).create(aUser({ id: TEST_ACTOR.userId, role: TEST_ACTOR.role }));
});
afterAll(async () => {
  mailer?.close();
  await kernel?.close();
  await Promise.all([storage?.destroy(), smtp?.close()]);
});

describe('send_email under the daily e-mail quota', () => {
  it('When a user has sent the day’s quota of e-mails, Then send_email fails with quota_exceeded, no mail reaches the server, and another user still sends', async () => {
    const mail = (n: number) => ({ to: 'team@example.com', subject: `Report ${n}`, body: 'Numbers are in.' });
    for (const n of [1, 2]) expect(await kernel.invoke('send_email', mail(n))).toMatchObject({ success: true, result: { id: expect.any(String) } });

    const refused = await kernel.invoke('send_email', mail(3));

    expect(refused).toMatchObject({
      success: false,
      error: { code: 'quota_exceeded', message: expect.stringMatching(/at most 2 e-mails per day/) },
      receipt: { outcome: 'quota_exceeded' },
    });
    expect(smtp.messages.map((m) => /^Subject: (.*)$/m.exec(m.data)?.[1])).toEqual(['Report 1', 'Report 2']);
    expect(await kernel.invoke('send_email', mail(4), { actor: BOB })).toMatchObject({ success: true });
    expect(smtp.messages).toHaveLength(3);
  });
});

describe('schedule_run under the daily schedule quota', () => {
  it('When a user has created the day’s quota of schedules, Then schedule_run fails with quota_exceeded and nothing more is stored', async () => {
    const workflow = aWorkflow({ ownerId: TEST_ACTOR.userId });
    await storage.get(WORKFLOW_REPOSITORY).create(workflow);
    const schedule = { target_type: 'workflow', target_id: workflow.id, cron: '@daily' };
    expect(await kernel.invoke('schedule_run', schedule)).toMatchObject({ success: true });

    const refused = await kernel.invoke('schedule_run', schedule);

    expect(refused).toMatchObject({ success: false, error: { code: 'quota_exceeded', message: expect.stringMatching(/at most 1 schedules created per day/) } });
    expect(await schedules.countByOwner(TEST_ACTOR.userId)).toBe(1);
  });
});
