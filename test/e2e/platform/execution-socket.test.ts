import { Agent } from '../../../core/domain/agent/agent.entity';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { eventually } from '../../support/eventually';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { isRefusal, openSocket, WsRefusal, WsSession } from '../../support/ws-client';

interface ExecutionBody {
  id: string;
  status: string;
}

/** A promise the test settles when it wants the held model call to be answered. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const NORMAL_CLOSURE = 1000;

/** `/api/v1/ws/executions/{id}`: the execution's run events pushed over WebSocket, with auth before the upgrade and resume by `after`. */
describe('Execution events over WebSocket', () => {
  const upstream = new FakeOpenAiServer();
  let app: StartedApp;
  let ada: PlatformUser;
  let bob: PlatformUser;
  const wsUrl = (id: string, query = '') => `${app.platformUrl.replace('http', 'ws')}/api/v1/ws/executions/${id}${query}`;
  const bearer = (user: PlatformUser) => ({ authorization: `Bearer ${user.token}` });

  beforeAll(async () => {
    await upstream.start();
    app = await startApp({ LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'test', OPENAI_BASE_URL: upstream.baseUrl, LLM_RETRY_BASE_MS: '0' });
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  beforeEach(() => upstream.reset());
  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
  });

  const storedAgent = async (): Promise<Agent> => {
    const agent = anAgent({ ownerId: ada.id, includeTools: [] });
    await app.services.app.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);
    return agent;
  };
  const execute = async (body: Record<string, unknown>) => {
    const agent = await storedAgent();
    return request<ExecutionBody>('POST', `${app.platformUrl}/api/v1/agents/${agent.id}/execute`, { token: ada.token, body });
  };
  const finishedExecution = async () => {
    const res = await execute({ input: 'Summarise the minutes' });
    expect(res.body.status).toBe('completed');
    return res.body.id;
  };
  const session = async (url: string, headers: Record<string, string>): Promise<WsSession> => {
    const answer = await openSocket(url, headers);
    if (isRefusal(answer)) throw new Error(`refused with ${answer.status}`);
    return answer;
  };
  const refusal = async (url: string, headers: Record<string, string> = {}): Promise<WsRefusal> => {
    const answer = await openSocket(url, headers);
    if (!isRefusal(answer)) throw new Error('upgraded');
    return answer;
  };

  it('When a finished execution is followed, Then every event comes once, in seq order, and the server closes normally after `done`', async () => {
    upstream.enqueue({ reply: { content: 'Minutes, summarised.' } });
    const id = await finishedExecution();

    const socket = await session(wsUrl(id), bearer(ada));

    expect(await socket.closed).toBe(NORMAL_CLOSURE);
    expect(socket.messages.map(({ seq, type }) => ({ seq, type }))).toEqual([
      { seq: 1, type: 'status' },
      { seq: 2, type: 'step' },
      { seq: 3, type: 'status' },
      { seq: 4, type: 'done' },
    ]);
    expect(socket.messages[0]).toEqual({ seq: 1, type: 'status', status: 'running' });
    expect(socket.messages[1]).toMatchObject({ name: 'llm', detail: { index: 0, type: 'llm', iteration: 1 } });
    expect(socket.messages[2]).toEqual({ seq: 3, type: 'status', status: 'completed' });
    expect(socket.messages[3]).toMatchObject({ token_usage: { total_tokens: expect.any(Number) } });
  });

  it('When a client reconnects with `after`, Then it gets only the events after that seq, once', async () => {
    const id = await finishedExecution();

    const socket = await session(wsUrl(id, '?after=2'), bearer(ada));

    expect(await socket.closed).toBe(NORMAL_CLOSURE);
    expect(socket.messages.map((message) => message.seq)).toEqual([3, 4]);
  });

  it('When the run is still going, Then the socket gets its events live as they are appended, and closes after the last', async () => {
    const held = gate();
    upstream.enqueue({ holdUntil: held.opened, reply: { content: 'Later.' } });
    const started = await execute({ input: 'Take your time', async: true });
    await eventually(async () => (upstream.requests.length > 0 ? true : undefined));

    const socket = await session(wsUrl(started.body.id), bearer(ada));
    expect(await socket.received(1)).toEqual([{ seq: 1, type: 'status', status: 'running' }]);
    held.open();

    expect(await socket.closed).toBe(NORMAL_CLOSURE);
    expect(socket.messages.map((message) => message.type)).toEqual(['status', 'step', 'status', 'done']);
  });

  it('When the execution is cancelled, Then the socket gets the cancelled status and an `error` event, and closes normally', async () => {
    const held = gate();
    upstream.enqueue({ holdUntil: held.opened });
    const started = await execute({ input: 'Never mind', async: true });
    await eventually(async () => (upstream.requests.length > 0 ? true : undefined));
    const socket = await session(wsUrl(started.body.id), bearer(ada));
    await socket.received(1);

    await request('POST', `${app.platformUrl}/api/v1/executions/${started.body.id}/cancel`, { token: ada.token });

    expect(await socket.closed).toBe(NORMAL_CLOSURE);
    held.open();
    expect(socket.messages.slice(-2)).toEqual([
      { seq: expect.any(Number), type: 'status', status: 'cancelled' },
      { seq: expect.any(Number), type: 'error', error: 'cancelled', message: 'The execution was cancelled' },
    ]);
  });

  it('When a client sends a message larger than the bound, Then the server closes the socket (1009) and the run goes on', async () => {
    const held = gate();
    upstream.enqueue({ holdUntil: held.opened, reply: { content: 'Still done.' } });
    const started = await execute({ input: 'Ignore the noise', async: true });
    await eventually(async () => (upstream.requests.length > 0 ? true : undefined));
    const socket = await session(wsUrl(started.body.id), bearer(ada));
    await socket.received(1);

    socket.send('x'.repeat(64 * 1024));

    expect(await socket.closed).toBe(1009);
    held.open();
    const finished = await eventually(async () => {
      const res = await request<ExecutionBody>('GET', `${app.platformUrl}/api/v1/executions/${started.body.id}`, { token: ada.token });
      return res.body.status === 'completed' ? res.body : undefined;
    });
    expect(finished.status).toBe('completed');
  });

  it('When the token comes in the `token` query parameter (browsers), Then the socket opens', async () => {
    const id = await finishedExecution();
    const socket = await session(wsUrl(id, `?token=${ada.token}`), {});
    expect(await socket.closed).toBe(NORMAL_CLOSURE);
    expect(socket.messages).toHaveLength(4);
  });

  it('When there is no token or a bad one, Then 401 answers before any upgrade', async () => {
    const id = await finishedExecution();
    expect(await refusal(wsUrl(id))).toEqual({ status: 401, body: { error: 'unauthorized', message: expect.any(String) } });
    expect((await refusal(wsUrl(id, '?token=not.a.jwt'))).status).toBe(401);
  });

  it('When another user asks for the execution, or an unknown one is asked for, Then 404 answers before any upgrade', async () => {
    const id = await finishedExecution();
    expect(await refusal(wsUrl(id), bearer(bob))).toEqual({ status: 404, body: { error: 'not_found', message: expect.any(String) } });
    expect((await refusal(wsUrl('00000000-0000-4000-8000-000000000000'), bearer(ada))).status).toBe(404);
  });

  it('When `after` is not a sequence number, Then 400 answers', async () => {
    const id = await finishedExecution();
    expect(await refusal(wsUrl(id, '?after=-1'), bearer(ada))).toEqual({ status: 400, body: { error: 'bad_request', message: expect.any(String) } });
  });

  it('When the OpenAPI document is read, Then the WebSocket is declared as a GET answering 101', async () => {
    const doc = await request<{ paths: Record<string, { get?: { responses: Record<string, unknown> } }> }>('GET', `${app.platformUrl}/openapi.json`);
    expect(Object.keys(doc.body.paths['/api/v1/ws/executions/{execution_id}'].get?.responses ?? {})).toEqual(expect.arrayContaining(['101', '401', '404']));
  });

  it('When the endpoint is asked for without an upgrade, Then 426 says it speaks WebSocket', async () => {
    const id = await finishedExecution();
    const res = await request('GET', `${app.platformUrl}/api/v1/ws/executions/${id}`, { token: ada.token });
    expect(res).toMatchObject({ status: 426, body: { error: 'upgrade_required' } });
  });
});
