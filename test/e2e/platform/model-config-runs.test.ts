import { randomUUID } from 'node:crypto';
import { Agent } from '../../../core/domain/agent/agent.entity';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { LLM_CALL_LOG, LlmCallLog } from '../../../core/ports/llm-call-log.port';
import { ExecutionLauncher } from '../../../core/services/executions/execution-launcher.service';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

const CHAT = '/v1/chat/completions';
const KEY = 'sk-user-owned-key-5678';

/**
 * Which model answers a run, end to end: an agent bound to a model configuration (made over HTTP)
 * is answered by that configuration's server, with its key, and every attempt lands in llm_calls.
 * The server itself runs the default offline model. Agents are stored through the repository.
 */
describe('Agent runs with a model configuration', () => {
  const upstream = new FakeOpenAiServer();
  let app: StartedApp;
  let ada: PlatformUser;
  let bob: PlatformUser;

  beforeAll(async () => {
    await upstream.start();
    app = await startApp({ EGRESS_ALLOW_HOSTS: '127.0.0.1', LLM_RETRY_BASE_MS: '0' });
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  beforeEach(() => upstream.reset());
  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
  });

  const container = () => app.services.app.container;
  const configFor = async (user: PlatformUser, model = 'gpt-4o-mini') => {
    const res = await request<{ id: string }>('POST', `${app.platformUrl}/api/v1/model-configs`, {
      token: user.token,
      body: { name: `cfg ${randomUUID()}`, provider: 'openai', model, base_url: upstream.baseUrl, api_key: KEY },
    });
    expect(res.status).toBe(201);
    return res.body.id;
  };
  const agentOf = async (user: PlatformUser, modelConfig: Agent['modelConfig']) => {
    const agent = anAgent({ ownerId: user.id, includeTools: [], systemPrompt: '', modelConfig });
    await container().get<AgentRepository>(AGENT_REPOSITORY).create(agent);
    return agent;
  };
  const execute = (user: PlatformUser, agent: Agent, message: string) =>
    container().get(ExecutionLauncher).run({ userId: user.id, role: 'user' }, { type: 'agent', id: agent.id }, { message }, { trigger: 'api' });
  const callsOf = (executionId: string) => container().get<LlmCallLog>(LLM_CALL_LOG).list({ executionId }, 0, 100);

  it('When the agent is bound to its owner’s configuration, Then that configuration’s server answers with its model and key, and the call is a row', async () => {
    const configId = await configFor(ada, 'gpt-4.1-mini');
    const agent = await agentOf(ada, { provider: 'anthropic', modelName: 'claude-x', temperature: 0.3, modelConfigId: configId });

    const execution = await execute(ada, agent, 'hello there');

    expect(execution).toMatchObject({ status: 'completed', success: true, output: { reply: 'Echo: hello there' } });
    const [sent] = upstream.requestsTo(CHAT);
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toMatchObject({ model: 'gpt-4.1-mini', temperature: 0.3 });
    const calls = await callsOf(execution.id);
    expect(calls.items).toEqual([
      expect.objectContaining({
        agentId: agent.id,
        executionId: execution.id,
        ownerId: ada.id,
        provider: 'openai',
        model: 'gpt-4.1-mini',
        outcome: 'success',
        attempt: 1,
        promptTokens: expect.any(Number),
        completionTokens: expect.any(Number),
      }),
    ]);
    expect(calls.items[0].promptTokens).toBeGreaterThan(0);
  });

  it('When the upstream fails once and the retry succeeds, Then both attempts are rows, numbered, and the run succeeds', async () => {
    const agent = await agentOf(ada, { provider: 'openai', modelName: 'gpt-4o', temperature: 0.7, modelConfigId: await configFor(ada) });
    upstream.enqueue({ status: 500 });

    const execution = await execute(ada, agent, 'again');

    expect(execution.success).toBe(true);
    expect(upstream.requestsTo(CHAT)).toHaveLength(2);
    expect((await callsOf(execution.id)).items.map((c) => [c.attempt, c.outcome])).toEqual([
      [1, 'error'],
      [2, 'success'],
    ]);
  });

  it('When the agent names openai but has no configuration and the server has no OpenAI key, Then the offline model answers and nothing goes upstream', async () => {
    const agent = await agentOf(ada, { provider: 'openai', modelName: 'gpt-4o', temperature: 0.7 });

    const execution = await execute(ada, agent, 'hello');

    expect(execution.success).toBe(true);
    expect(JSON.stringify(execution.output)).toContain('[offline model]');
    expect(upstream.requests).toHaveLength(0);
    expect((await callsOf(execution.id)).items).toEqual([expect.objectContaining({ provider: 'offline', model: 'offline-1', outcome: 'success' })]);
  });

  it('When the agent names someone else’s configuration, Then that key is never used: the offline model answers', async () => {
    const agent = await agentOf(ada, { provider: 'openai', modelName: 'gpt-4o', temperature: 0.7, modelConfigId: await configFor(bob) });

    const execution = await execute(ada, agent, 'hello');

    expect(execution.success).toBe(true);
    expect(upstream.requests).toHaveLength(0);
    expect((await callsOf(execution.id)).items.map((c) => c.provider)).toEqual(['offline']);
  });

  it('When the configuration is deleted, Then the agent is unbound and falls back to the provider it names', async () => {
    const configId = await configFor(ada);
    const agent = await agentOf(ada, { provider: 'openai', modelName: 'gpt-4o', temperature: 0.7, modelConfigId: configId });
    const res = await request('DELETE', `${app.platformUrl}/api/v1/model-configs/${configId}`, { token: ada.token });
    expect(res.status).toBe(204);

    expect((await container().get<AgentRepository>(AGENT_REPOSITORY).findById(agent.id))?.modelConfig.modelConfigId).toBeUndefined();
    expect((await execute(ada, agent, 'hello')).success).toBe(true);
    expect(upstream.requests).toHaveLength(0);
  });
});
