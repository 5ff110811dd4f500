import { FakeAnthropicServer } from '../../fixtures/fake-anthropic-server';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { FakeVendorServer } from '../../fixtures/llm/fake-vendor-server';
import { agentsApi } from '../../support/agents-api';
import { request } from '../../support/http-client';
import { signUp } from '../../support/platform-user';
import { dataOf, openSse } from '../../support/sse-client';
import { StartedApp, startApp } from '../../support/started-app';

interface Vendor {
  name: 'openai' | 'anthropic';
  server: FakeVendorServer;
  env: () => Record<string, string>;
  callId: string;
}

const openAi = new FakeOpenAiServer();
const anthropic = new FakeAnthropicServer();
const vendors: Vendor[] = [
  {
    name: 'openai',
    server: openAi,
    env: () => ({ LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'test', OPENAI_BASE_URL: openAi.baseUrl }),
    callId: 'call_calc_1',
  },
  {
    name: 'anthropic',
    server: anthropic,
    env: () => ({ LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'test', ANTHROPIC_BASE_URL: anthropic.origin }),
    callId: 'toolu_calc_1',
  },
];

/** Chat, stream and execute of an agent created over HTTP, answered by each vendor adapter against its fake server, with a real calculator call. */
describe.each(vendors)('Agent runs through the $name adapter (fake $name server)', (vendor) => {
  let app: StartedApp;
  let agentId: string;
  let token: string;
  const url = (path: string) => `${app.platformUrl}/api/v1${path}`;
  const calculatorStep = () =>
    vendor.server.enqueue({
      reply: { content: '', toolCalls: [{ id: vendor.callId, name: 'calculator', arguments: '{"expression":"6*7"}' }], finish: 'tool_calls' },
    });

  beforeAll(async () => {
    await vendor.server.start();
    app = await startApp({ ...vendor.env(), LLM_MAX_RETRIES: '0' });
    const user = await signUp(app.platformUrl);
    token = user.token;
    const agent = await agentsApi(app.platformUrl).create(user, {
      name: `${vendor.name} helper`,
      system_prompt: 'Use tools when asked.',
      model_config: { provider: vendor.name, model_name: `${vendor.name}-test-model`, temperature: 0.1 },
      include_tools: ['calculator'],
    });
    agentId = agent.id;
  });
  beforeEach(() => vendor.server.reset());
  afterAll(async () => {
    await app?.stop();
    await vendor.server.stop();
  });

  it('When the agent is chatted with and the model calls the calculator, Then the real tool runs and its result goes back to the model', async () => {
    calculatorStep();
    const res = await request<{ reply: string; tool_calls: unknown[] }>('POST', url(`/agent-chat/${agentId}`), { token, body: { message: 'What is 6*7?' } });
    expect(res.status).toBe(200);
    expect(res.body.tool_calls).toEqual([{ id: vendor.callId, name: 'calculator', arguments: { expression: '6*7' }, success: true }]);
    expect(res.body.reply).toContain('42');
  });

  it('When the chat is streamed, Then tool_call and tool_result frames share the model’s call id and one done ends it', async () => {
    calculatorStep();
    const stream = await openSse(url(`/agent-chat/${agentId}/stream`), { token, body: { message: 'What is 6*7?' } });
    expect(stream.status).toBe(200);
    const frames = await stream.finished();
    const call = frames.find((f) => f.event === 'tool_call');
    const result = frames.find((f) => f.event === 'tool_result');
    expect(call && dataOf(call)).toMatchObject({ id: vendor.callId, name: 'calculator', arguments: { expression: '6*7' } });
    expect(result && dataOf(result)).toMatchObject({ id: vendor.callId, name: 'calculator', result: { value: 42 } });
    expect(frames.filter((f) => f.event === 'done' || f.event === 'error').map((f) => f.event)).toEqual(['done']);
    expect(frames[frames.length - 1].event).toBe('done');
  });

  it('When the agent is executed, Then the finished execution record holds the model’s answer after the tool call', async () => {
    calculatorStep();
    const res = await request<{ status: string; success: boolean; output: { reply: string }; steps: unknown[] }>('POST', url(`/agents/${agentId}/execute`), {
      token,
      body: { input: 'What is 6*7?' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', success: true });
    expect(res.body.output.reply).toContain('42');
    expect(vendor.server.requests.filter((r) => r.method === 'POST').map((r) => r.body.model)).toEqual([
      `${vendor.name}-test-model`,
      `${vendor.name}-test-model`,
    ]);
  });
});
