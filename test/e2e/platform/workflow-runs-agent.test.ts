import { TOOL_CALL_LOG, ToolCallLog } from '../../../core/ports/tool-call-log.port';
import { agentsApi } from '../../support/agents-api';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { stepOf, trail, workflowRuns } from '../../support/workflow-runs';
import { Json } from '../../support/workflows-api';

/** start → ask (agent node) → end rendering the agent's reply. */
const askAgent = (agentId: string): Json => ({
  name: 'Ask the counter',
  nodes: [
    { id: 'start', type: 'start' },
    { id: 'ask', type: 'agent', config: { agent_id: agentId, input: 'Use the calculator: what is {{input.expression}}?' } },
    { id: 'end', type: 'end', config: { output: 'Agent said: {{ask.output}}' } },
  ],
  edges: [
    { source: 'start', target: 'ask' },
    { source: 'ask', target: 'end' },
  ],
});

/** An agent node whose agent (created over HTTP, offline model) calls a tool while the workflow runs. */
describe('Workflow runs over HTTP: an agent node calling a tool', () => {
  let app: StartedApp;
  let runs: ReturnType<typeof workflowRuns>;
  let agents: ReturnType<typeof agentsApi>;
  let ada: PlatformUser;
  let bob: PlatformUser;

  beforeAll(async () => {
    app = await startApp({ EXECUTE_WAIT_SECONDS: '15' });
    runs = workflowRuns(app.platformUrl);
    agents = agentsApi(app.platformUrl);
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('When the workflow runs, Then the agent calls the calculator, its reply is the node output, and the tool call is recorded with the execution', async () => {
    const agent = await agents.create(ada, { name: 'Counter', include_tools: ['calculator'] });
    const id = await runs.create(ada, askAgent(agent.id));

    const res = await runs.execute(id, ada, { expression: '(12.5 * 4) - 7' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', success: true, error: null });
    expect(trail(res.body)).toEqual([
      ['start', 'completed'],
      ['ask', 'completed'],
      ['end', 'completed'],
    ]);
    const reply = stepOf(res.body, 'ask').output;
    expect(reply).toEqual(expect.stringContaining('"value":43'));
    expect(res.body.output).toBe(`Agent said: ${reply}`);
    const receipts = await app.services.app.container.get<ToolCallLog>(TOOL_CALL_LOG).list({ executionId: res.body.id }, 0, 10);
    expect(receipts).toMatchObject({ total: 1, items: [{ tool_id: 'calculator', outcome: 'success', trace: { agentId: agent.id, ownerId: ada.id } }] });
  });

  it('When the agent is run async, Then the execution completes in the background with the same answer', async () => {
    const agent = await agents.create(ada, { name: 'Counter', include_tools: ['calculator'] });
    const id = await runs.create(ada, askAgent(agent.id));
    const res = await runs.execute(id, ada, { expression: '6 * 7' }, true);
    expect(res.status).toBe(202);
    const done = await runs.finished(res.body.id, ada);
    expect(done).toMatchObject({ status: 'completed', output: expect.stringContaining('"value":42') });
  });

  it('When the workflow names an agent of another user, Then the run fails at the agent node with agent.not_found and the end is skipped', async () => {
    const theirs = await agents.create(bob, { name: 'Private counter', include_tools: ['calculator'] });
    const id = await runs.create(ada, askAgent(theirs.id));
    const res = await runs.execute(id, ada, { expression: '1 + 1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'failed', success: false, error: { code: 'agent.not_found' } });
    expect(trail(res.body)).toEqual([
      ['start', 'completed'],
      ['ask', 'failed'],
      ['end', 'skipped'],
    ]);
  });
});
