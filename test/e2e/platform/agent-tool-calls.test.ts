import { TOOL_CALL_LOG, ToolCallLog } from '../../../core/ports/tool-call-log.port';
import { agentsApi } from '../../support/agents-api';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

interface ChatBody {
  session_id: string;
  tool_calls: Array<{ name: string; success: boolean }>;
}

/** The tool call log: an agent's tool uses keep their receipts, and go with the agent (behaviour rule 1). */
describe('Tool call log of an agent created over HTTP, on the offline model', () => {
  let app: StartedApp;
  let api: ReturnType<typeof agentsApi>;
  let ada: PlatformUser;

  beforeAll(async () => {
    app = await startApp();
    api = agentsApi(app.platformUrl);
    ada = await signUp(app.platformUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const toolCalls = () => app.services.app.container.get<ToolCallLog>(TOOL_CALL_LOG);

  it('When a user uses a tool directly and it fails, Then its receipt is kept with the user as owner, the code and the reason', async () => {
    const bob = await signUp(app.platformUrl);
    const used = await request<{ success: boolean }>('POST', `${app.platformUrl}/api/v1/tools/calculator/use`, {
      token: bob.token,
      body: { arguments: { expression: '2 +* 3' } },
    });
    expect(used).toMatchObject({ status: 200, body: { success: false } });

    const kept = await toolCalls().list({ ownerId: bob.id }, 0, 10);
    expect(kept).toMatchObject({ total: 1, items: [{ tool_id: 'calculator', outcome: 'runtime_error', reason: 'syntax_error', trace: { ownerId: bob.id } }] });
    expect(kept.items[0].trace).toEqual({ ownerId: bob.id });
  });

  it('When the agent uses the calculator in a chat, Then one receipt is kept with its run; When the agent is deleted, Then it goes', async () => {
    const agent = await api.create(ada, { name: 'Counter', include_tools: ['calculator'] });
    const chat = await request<ChatBody>('POST', `${app.platformUrl}/api/v1/agent-chat/${agent.id}`, {
      token: ada.token,
      body: { message: 'Use the calculator: what is (12.5 * 4) - 7?' },
    });
    expect(chat.status).toBe(200);
    expect(chat.body.tool_calls).toMatchObject([{ name: 'calculator', success: true }]);

    const kept = await toolCalls().list({ agentId: agent.id }, 0, 10);
    expect(kept).toMatchObject({
      total: 1,
      items: [
        {
          tool_id: 'calculator',
          outcome: 'success',
          trace: { agentId: agent.id, sessionId: chat.body.session_id, ownerId: ada.id },
          capabilities_used: [],
          http_calls: 0,
        },
      ],
    });
    expect(kept.items[0].reason).toBeUndefined();
    expect(kept.items[0].created_at).toBeInstanceOf(Date);

    expect((await api.call('DELETE', `/${agent.id}`, ada)).status).toBe(204);
    expect(await toolCalls().list({ agentId: agent.id }, 0, 10)).toEqual({ items: [], total: 0 });
    expect(await toolCalls().list({ ownerId: ada.id }, 0, 10)).toEqual({ items: [], total: 0 });
  });
});
