import { randomUUID } from 'node:crypto';
import { Workflow } from '../../../core/domain/workflow/workflow.entity';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../../core/ports/workflow-repository.port';
import { eventually } from '../../support/eventually';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

type Json = Record<string, unknown>;
interface AcceptedBody {
  execution_id: string;
  workflow_id: string;
  status: string;
  trigger: string;
  replayed: boolean;
  created_at: string;
}
interface ExecutionBody {
  id: string;
  status: string;
  trigger: string;
  input: { body: unknown; headers: Record<string, unknown>; query: Record<string, unknown> };
  output: unknown;
  [field: string]: unknown;
}

const TOKEN = 'whk_0123456789abcdefghijklmnopqrstuv';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MAX_BODY_BYTES = 4096;

/** A start → end workflow: its output is its input, so the test sees exactly what the workflow received. */
function passThrough(ownerId: string, name: string, updatedAt = new Date()): Workflow {
  return {
    id: randomUUID(),
    ownerId,
    name,
    description: '',
    graph: {
      nodes: [
        { id: 'start', type: 'start' },
        { id: 'end', type: 'end' },
      ],
      edges: [{ source: 'start', target: 'end' }],
    },
    version: 1,
    createdAt: updatedAt,
    updatedAt,
  };
}

describe('Webhooks over HTTP', () => {
  let app: StartedApp;
  let ada: PlatformUser;
  let bob: PlatformUser;
  const url = (path: string) => `${app.platformUrl}/api/v1${path}`;
  const deliver = <T = AcceptedBody>(path: string, options: { body?: unknown; headers?: Record<string, string>; token?: string | null } = {}) =>
    request<T>('POST', url(`/webhooks${path}`), {
      body: options.body ?? { event: 'push' },
      headers: { ...(options.token === null ? {} : { 'x-webhook-token': options.token ?? TOKEN }), ...options.headers },
    });
  const stored = async (workflow: Workflow): Promise<Workflow> => {
    await app.services.app.container.get<WorkflowRepository>(WORKFLOW_REPOSITORY).create(workflow);
    return workflow;
  };
  const execution = (id: string, as: PlatformUser) => request<ExecutionBody>('GET', url(`/executions/${id}`), { token: as.token });
  const finished = (id: string, as: PlatformUser) =>
    eventually(async () => {
      const current = await execution(id, as);
      return ['completed', 'failed'].includes(current.body.status) ? current.body : undefined;
    });
  const runsOf = async (workflowId: string, as: PlatformUser): Promise<number> =>
    (await request<{ total: number }>('GET', url(`/executions?target_id=${workflowId}`), { token: as.token })).body.total;

  beforeAll(async () => {
    app = await startApp({ WEBHOOK_AUTH_TOKEN: TOKEN, WEBHOOK_MAX_BODY_BYTES: String(MAX_BODY_BYTES) });
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  describe('POST /webhooks/{workflow_id}', () => {
    it('When delivered with the token, Then 202 answers the queued execution, which runs as the owner with {body, headers, query}', async () => {
      const workflow = await stored(passThrough(ada.id, 'On push'));
      const res = await deliver(`/${workflow.id}?ref=main&tag=a&tag=b`, { body: { event: 'push', commits: [1, 2] }, headers: { 'x-event': 'push' } });

      expect(res.status).toBe(202);
      expect(res.body).toEqual({
        execution_id: expect.stringMatching(UUID_PATTERN),
        workflow_id: workflow.id,
        status: 'pending',
        trigger: 'webhook',
        replayed: false,
        created_at: expect.stringMatching(ISO_INSTANT),
      });
      const run = await finished(res.body.execution_id, ada);
      expect(run).toMatchObject({ status: 'completed', trigger: 'webhook', workflow_id: workflow.id, success: true });
      expect(run.input).toEqual({
        body: { event: 'push', commits: [1, 2] },
        headers: expect.objectContaining({ 'x-event': 'push', 'content-type': 'application/json' }),
        query: { ref: 'main', tag: ['a', 'b'] },
      });
      expect(run.output).toEqual(run.input);
    });

    it('When credential headers come with the delivery, Then none of authorization, cookie, x-webhook-token, x-api-key reaches the workflow', async () => {
      const workflow = await stored(passThrough(ada.id, 'Header filter'));
      const secrets = {
        authorization: 'Basic dXNlcjpodW50ZXIy',
        cookie: 'session=cookie-secret-value',
        'x-api-key': 'api-key-secret-value',
        'proxy-authorization': 'Basic cHJveHk6c2VjcmV0',
      };
      const res = await deliver(`/${workflow.id}`, { headers: { ...secrets, 'x-delivery': 'd-1' } });
      expect(res.status).toBe(202);

      const run = await finished(res.body.execution_id, ada);
      const headers = Object.keys(run.input.headers);
      expect(headers).toContain('x-delivery');
      for (const name of ['authorization', 'cookie', 'x-webhook-token', 'x-api-key', 'proxy-authorization']) expect(headers).not.toContain(name);
      const everything = JSON.stringify(run);
      for (const secret of [TOKEN, ...Object.values(secrets)]) expect(everything).not.toContain(secret);
    });

    it('When the token is missing or wrong, Then 401 and nothing runs', async () => {
      const workflow = await stored(passThrough(ada.id, 'Guarded'));
      const missing = await deliver(`/${workflow.id}`, { token: null });
      expect(missing).toMatchObject({ status: 401, body: { error: 'unauthorized', message: expect.stringContaining('X-Webhook-Token') } });
      expect(await deliver(`/${workflow.id}`, { token: `${TOKEN.slice(0, -1)}x` })).toMatchObject({
        status: 401,
        body: { error: 'unauthorized', message: 'Invalid webhook token' },
      });
      expect((await deliver(`/${workflow.id}`, { token: 'short' })).status).toBe(401);
      expect(await runsOf(workflow.id, ada)).toBe(0);
    });

    it.each([
      ['the query string (?token=)', (id: string) => ({ path: `/${id}?token=${TOKEN}`, body: { event: 'push' }, headers: {} }), 'the query string'],
      ['the query string under another name', (id: string) => ({ path: `/${id}?secret=${TOKEN}`, body: { event: 'push' }, headers: {} }), 'the query string'],
      ['the body (webhook_token)', (id: string) => ({ path: `/${id}`, body: { webhook_token: TOKEN }, headers: {} }), 'the request body'],
      ['the body, nested', (id: string) => ({ path: `/${id}`, body: { data: { auth: [TOKEN] } }, headers: {} }), 'the request body'],
      [
        'an Authorization Bearer header',
        (id: string) => ({ path: `/${id}`, body: { event: 'push' }, headers: { authorization: `Bearer ${TOKEN}` } }),
        'the Authorization header',
      ],
    ])(
      'When the right token is sent in %s, Then 401 says it goes in X-Webhook-Token, even beside the right header, and nothing runs',
      async (_where, placement, named) => {
        const workflow = await stored(passThrough(ada.id, 'Misplaced'));
        const { path, body, headers } = placement(workflow.id);
        const alone = await deliver(path, { body, headers, token: null });
        expect(alone).toMatchObject({ status: 401, body: { error: 'unauthorized', message: expect.stringContaining(named) } });
        expect(alone.body).toMatchObject({ message: expect.stringContaining('X-Webhook-Token header only') });
        const beside = await deliver(path, { body, headers });
        expect(beside.status).toBe(401);
        expect(JSON.stringify(alone.body)).not.toContain(TOKEN);
        expect(await runsOf(workflow.id, ada)).toBe(0);
      },
    );

    it('When a user’s bearer token is sent instead of the webhook token, Then 401', async () => {
      const workflow = await stored(passThrough(ada.id, 'Not for users'));
      expect((await deliver(`/${workflow.id}`, { token: null, headers: { authorization: `Bearer ${ada.token}` } })).status).toBe(401);
    });

    it('When the workflow is unknown, Then 404 not_found', async () => {
      expect(await deliver(`/${randomUUID()}`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
      expect((await deliver(`/${'x'.repeat(300)}`)).status).toBe(404);
    });

    it('When another user follows the execution a webhook started, Then it is 404 to them and visible to the owner', async () => {
      const workflow = await stored(passThrough(ada.id, 'Private run'));
      const res = await deliver(`/${workflow.id}`);
      expect((await execution(res.body.execution_id, bob)).status).toBe(404);
      expect((await finished(res.body.execution_id, ada)).status).toBe('completed');
    });

    it('When the delivery is larger than WEBHOOK_MAX_BODY_BYTES, Then 413 payload_too_large and nothing runs', async () => {
      const workflow = await stored(passThrough(ada.id, 'Big'));
      const res = await deliver(`/${workflow.id}`, { body: { blob: 'x'.repeat(MAX_BODY_BYTES) } });
      expect(res).toMatchObject({ status: 413, body: { error: 'payload_too_large', message: expect.stringContaining(`${MAX_BODY_BYTES} bytes`) } });
      expect(await runsOf(workflow.id, ada)).toBe(0);
    });

    it('When the body is a form, Then the workflow receives its fields; multipart and text are 400', async () => {
      const workflow = await stored(passThrough(ada.id, 'Form'));
      const form = await request<AcceptedBody>('POST', url(`/webhooks/${workflow.id}`), { form: { event: 'ping' }, headers: { 'x-webhook-token': TOKEN } });
      expect(form.status).toBe(202);
      expect((await finished(form.body.execution_id, ada)).input.body).toEqual({ event: 'ping' });
      const multipart = await deliver(`/${workflow.id}`, { body: '--b\r\n\r\nx\r\n--b--', headers: { 'content-type': 'multipart/form-data; boundary=b' } });
      expect(multipart).toMatchObject({ status: 400, body: { error: 'bad_request' } });
      expect((await deliver(`/${workflow.id}`, { body: 'plain', headers: { 'content-type': 'text/plain' } })).status).toBe(400);
    });
  });

  describe('POST /webhooks/by-name/{name}', () => {
    it('When several workflows bear the name, Then the most recently updated one runs, as its own owner', async () => {
      const name = `Nightly import ${randomUUID()}`;
      await stored(passThrough(ada.id, name, new Date('2030-01-01T00:00:00.000Z')));
      const latest = await stored(passThrough(bob.id, name, new Date('2030-06-01T00:00:00.000Z')));
      await stored(passThrough(ada.id, name.toUpperCase(), new Date('2031-01-01T00:00:00.000Z')));

      const res = await deliver(`/by-name/${encodeURIComponent(name)}`, { body: { rows: 3 } });

      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ workflow_id: latest.id, trigger: 'webhook', replayed: false });
      expect((await finished(res.body.execution_id, bob)).input.body).toEqual({ rows: 3 });
      expect((await execution(res.body.execution_id, ada)).status).toBe(404);
    });

    it('When no workflow bears the name, Then 404; without the token 401', async () => {
      expect(await deliver(`/by-name/${encodeURIComponent(`No such ${randomUUID()}`)}`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
      const workflow = await stored(passThrough(ada.id, `Named ${randomUUID()}`));
      expect((await deliver(`/by-name/${encodeURIComponent(workflow.name)}`, { token: null })).status).toBe(401);
      expect((await deliver(`/by-name/${encodeURIComponent(workflow.name)}?token=${TOKEN}`)).status).toBe(401);
    });
  });

  describe('Idempotency-Key', () => {
    it('When a delivery is retried with the same key, Then it runs once and the retry answers the same execution', async () => {
      const workflow = await stored(passThrough(ada.id, 'Once per delivery'));
      const first = await deliver(`/${workflow.id}`, { headers: { 'idempotency-key': 'delivery-42' } });
      const retry = await deliver(`/${workflow.id}`, { headers: { 'idempotency-key': 'delivery-42' } });

      expect(first.body).toMatchObject({ replayed: false });
      expect(retry.status).toBe(202);
      expect(retry.body).toMatchObject({ execution_id: first.body.execution_id, workflow_id: workflow.id, replayed: true });
      await finished(first.body.execution_id, ada);
      expect(await runsOf(workflow.id, ada)).toBe(1);

      const other = await deliver(`/${workflow.id}`, { headers: { 'idempotency-key': 'delivery-43' } });
      expect(other.body.execution_id).not.toBe(first.body.execution_id);
      const sameKeyOtherWorkflow = await deliver(`/${(await stored(passThrough(ada.id, 'Other'))).id}`, { headers: { 'idempotency-key': 'delivery-42' } });
      expect(sameKeyOtherWorkflow.body).toMatchObject({ replayed: false });
      expect(sameKeyOtherWorkflow.body.execution_id).not.toBe(first.body.execution_id);
    });

    it('When keys differ only in case, Then they are different deliveries', async () => {
      const workflow = await stored(passThrough(ada.id, 'Case'));
      const lower = await deliver(`/${workflow.id}`, { headers: { 'idempotency-key': 'abc-1' } });
      const upper = await deliver(`/${workflow.id}`, { headers: { 'idempotency-key': 'ABC-1' } });
      expect(upper.body.replayed).toBe(false);
      expect(upper.body.execution_id).not.toBe(lower.body.execution_id);
    });

    it('When the same delivery arrives several times at once, Then one execution runs and every answer names it', async () => {
      const workflow = await stored(passThrough(ada.id, 'Burst'));
      const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(`/${workflow.id}`, { headers: { 'idempotency-key': 'burst-1' } })));
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(202));
      expect(new Set(answers.map((answer) => answer.body.execution_id)).size).toBe(1);
      expect(answers.filter((answer) => !answer.body.replayed)).toHaveLength(1);
      await finished(answers[0].body.execution_id, ada);
      expect(await runsOf(workflow.id, ada)).toBe(1);
    });

    it('When the key is too long or not visible ASCII, Then 422 names the header and nothing runs', async () => {
      const workflow = await stored(passThrough(ada.id, 'Bad key'));
      const long = await deliver(`/${workflow.id}`, { headers: { 'idempotency-key': 'k'.repeat(256) } });
      expect(long).toMatchObject({ status: 422, body: { error: 'validation_error', details: [{ field: 'Idempotency-Key' }] } });
      expect((await deliver(`/${workflow.id}`, { headers: { 'idempotency-key': 'two words' } })).status).toBe(422);
      expect(await runsOf(workflow.id, ada)).toBe(0);
    });
  });
});

describe('Webhooks without WEBHOOK_AUTH_TOKEN', () => {
  let app: StartedApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('When no token is configured, Then every delivery is 404 (webhooks are off), whatever token it carries', async () => {
    const owner = await signUp(app.platformUrl);
    const workflow = passThrough(owner.id, 'Off');
    await app.services.app.container.get<WorkflowRepository>(WORKFLOW_REPOSITORY).create(workflow);
    for (const headers of [{}, { 'x-webhook-token': TOKEN }, { 'x-webhook-token': '' }] as Json[]) {
      const res = await request('POST', `${app.platformUrl}/api/v1/webhooks/${workflow.id}`, { body: {}, headers: headers as Record<string, string> });
      expect(res).toMatchObject({ status: 404, body: { error: 'not_found', message: 'Webhooks are not enabled on this server' } });
    }
    const byName = await request('POST', `${app.platformUrl}/api/v1/webhooks/by-name/Off`, { body: {}, headers: { 'x-webhook-token': TOKEN } });
    expect(byName.status).toBe(404);
  });
});
