import { Agent } from '../../../core/domain/agent/agent.entity';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../../core/ports/workflow-repository.port';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { agentGraph, agentNode, chainGraph } from '../../fixtures/executions/agent-graphs';
import { aWorkflow, linearGraph, node } from '../../fixtures/workflows/workflow.mother';
import { eventually } from '../../support/eventually';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

type Json = Record<string, unknown>;
type Step = Record<string, unknown>;
interface ExecutionBody {
  id: string;
  status: string;
  success: boolean | null;
  output: Json | string | null;
  steps: Step[];
  [field: string]: unknown;
}

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);
const usage = { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) };

/** `POST /agents/{id}/execute` in its five modes on the offline model, and `POST /executions` for workflows. */
describe('Executing agents over HTTP', () => {
  let app: StartedApp;
  let ada: PlatformUser;
  let bob: PlatformUser;

  beforeAll(async () => {
    app = await startApp();
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const storedAgent = async (overrides: Partial<Agent>): Promise<Agent> => {
    const agent = anAgent({ ownerId: ada.id, includeTools: [], ...overrides });
    await app.services.app.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);
    return agent;
  };
  const execute = (agentId: string, body: Json, as: PlatformUser = ada) =>
    request<ExecutionBody>('POST', `${app.platformUrl}/api/v1/agents/${agentId}/execute`, { token: as.token, body });
  const get = (id: string, as: PlatformUser = ada) => request<ExecutionBody>('GET', `${app.platformUrl}/api/v1/executions/${id}`, { token: as.token });

  describe('mode agent', () => {
    it('When an owner executes a draft agent, Then 200 answers the whole finished record, its model step and its tokens', async () => {
      const agent = await storedAgent({ name: 'Greeter' });
      const res = await execute(agent.id, { input: 'Say hello to Ada', session_id: 'conversation-7' });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: UUID,
        agent_id: agent.id,
        workflow_id: null,
        target_type: 'agent',
        target_id: agent.id,
        target_version: agent.version,
        mode: 'agent',
        status: 'completed',
        success: true,
        input: 'Say hello to Ada',
        output: { reply: '[offline model] You wrote: "Say hello to Ada". Main topics: say, hello, ada.' },
        steps: [{ iteration: 1, type: 'llm', content: '[offline model] You wrote: "Say hello to Ada". Main topics: say, hello, ada.' }],
        token_usage: usage,
        llm_calls: 1,
        error: null,
        attempt: 1,
        trigger: 'api',
        parent_execution_id: null,
        session_id: 'conversation-7',
        rounds: null,
        created_at: ISO,
        started_at: ISO,
        finished_at: ISO,
      });
      expect((await get(res.body.id)).body).toEqual(res.body);
    });

    it('When the input is an object, Then its message is what the agent reads', async () => {
      const agent = await storedAgent({});
      const res = await execute(agent.id, { input: { message: 'Plan a trip', budget: 300 } });
      expect(res.body).toMatchObject({
        status: 'completed',
        input: { message: 'Plan a trip', budget: 300 },
        output: { reply: expect.stringContaining('Plan a trip') },
      });
    });
  });

  describe('mode sequential', () => {
    it('When the graph holds two agents, Then they run in topological order, each reply feeding the next, the node without agent_id being the agent itself', async () => {
      const helper = await storedAgent({ name: 'Researcher' });
      const agent = await storedAgent({
        name: 'Writer',
        workflowConfig: agentGraph(
          [{ id: 'start', type: 'start' }, agentNode('write', 'Write'), agentNode('research', 'Research', helper.id), { id: 'end', type: 'end' }],
          [
            ['start', 'research'],
            ['research', 'write'],
            ['write', 'end'],
          ],
        ),
      });

      const res = await execute(agent.id, { input: 'Rust', mode: 'sequential' });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ mode: 'sequential', status: 'completed', success: true, llm_calls: 2 });
      expect(res.body.steps).toEqual([
        expect.objectContaining({
          role: 'stage',
          stage: 1,
          node_id: 'research',
          agent_id: helper.id,
          label: 'Research',
          status: 'completed',
          output: '[offline model] You wrote: "Rust". Main topics: rust.',
        }),
        expect.objectContaining({ role: 'stage', stage: 2, node_id: 'write', agent_id: agent.id, label: 'Write', status: 'completed' }),
      ]);
      expect(res.body.steps[1].output).toContain('You wrote: "[offline model] You wrote: "Rust"');
      expect(res.body.output).toEqual({ reply: res.body.steps[1].output });
    });
  });

  describe('mode pipeline', () => {
    it('When a layer holds two agents, Then they run on the same input and their merged replies feed the next layer', async () => {
      const alpha = await storedAgent({ name: 'Alpha' });
      const beta = await storedAgent({ name: 'Beta' });
      const agent = await storedAgent({
        workflowConfig: agentGraph(
          [
            { id: 'start', type: 'start' },
            agentNode('a', 'Alpha', alpha.id),
            agentNode('b', 'Beta', beta.id),
            agentNode('merge', 'Merge'),
            { id: 'end', type: 'end' },
          ],
          [
            ['start', 'a'],
            ['start', 'b'],
            ['a', 'merge'],
            ['b', 'merge'],
            ['merge', 'end'],
          ],
        ),
      });

      const res = await execute(agent.id, { input: 'Compare tea and coffee', mode: 'pipeline' });

      expect(res.body).toMatchObject({ status: 'completed', mode: 'pipeline', llm_calls: 3 });
      expect(res.body.steps.map((step) => [step.stage, step.node_id])).toEqual([
        [1, 'a'],
        [1, 'b'],
        [2, 'merge'],
      ]);
      expect(res.body.steps[0].output).toBe(res.body.steps[1].output);
      expect(res.body.steps[2].output).toContain('You wrote: "[Alpha] [offline model] You wrote:');
    });
  });

  describe('mode debate', () => {
    it('When the agent debates alone, Then it argues both sides each round (named by its node) and then judges', async () => {
      const agent = await storedAgent({ workflowConfig: chainGraph(agentNode('me', 'Thinker')) });
      const res = await execute(agent.id, { input: 'Should cities ban cars?', mode: 'debate', rounds: 2 });

      expect(res.body).toMatchObject({ status: 'completed', mode: 'debate', rounds: 2, llm_calls: 5, output: { reply: expect.any(String), rounds: 2 } });
      expect(res.body.steps.map((step) => [step.role, step.stage, step.side, step.label])).toEqual([
        ['argument', 1, 'for', 'Thinker (for)'],
        ['argument', 1, 'against', 'Thinker (against)'],
        ['argument', 2, 'for', 'Thinker (for)'],
        ['argument', 2, 'against', 'Thinker (against)'],
        ['judge', null, null, 'Judge'],
      ]);
    });

    it('When too many rounds are asked, Then 422 names the field and nothing is stored', async () => {
      const agent = await storedAgent({});
      const res = await execute(agent.id, { input: 'x', mode: 'debate', rounds: 9 });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: expect.any(String),
        details: [{ field: 'rounds', message: 'must be an integer from 1 to 5' }],
      });
      const list = await request<{ total: number }>('GET', `${app.platformUrl}/api/v1/executions?target_id=${agent.id}`, { token: ada.token });
      expect(list.body.total).toBe(0);
    });
  });

  describe('mode graph', () => {
    it('When the default workflow_config runs as a graph, Then the engine runs start, the agent itself and end', async () => {
      const agent = await storedAgent({});
      const res = await execute(agent.id, { input: 'Graph me', mode: 'graph' });
      expect(res.body).toMatchObject({ status: 'completed', mode: 'graph', output: expect.stringContaining('Graph me') });
      expect(res.body.steps.map((step) => [step.node_id, step.type, step.status])).toEqual([
        ['start', 'start', 'completed'],
        ['agent', 'agent', 'completed'],
        ['end', 'end', 'completed'],
      ]);
    });

    it('When the workflow_config is not a valid graph, Then 422 names the problem', async () => {
      const agent = await storedAgent({ workflowConfig: chainGraph({ id: 'x', type: 'teleport' }) });
      const res = await execute(agent.id, { input: 'x', mode: 'graph' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', details: [expect.objectContaining({ field: 'workflow_config.nodes[1].type' })] });
    });
  });

  describe('who may execute', () => {
    it('When another user executes a draft agent, Then 404; once deployed, Then it runs for them as their execution', async () => {
      const agent = await storedAgent({ status: 'draft' });
      expect((await execute(agent.id, { input: 'hi' }, bob)).status).toBe(404);
      await app.services.app.container.get<AgentRepository>(AGENT_REPOSITORY).update({ ...agent, status: 'deployed' });
      const res = await execute(agent.id, { input: 'hi' }, bob);
      expect(res.status).toBe(200);
      expect((await get(res.body.id, bob)).status).toBe(200);
      expect((await get(res.body.id, ada)).status).toBe(404);
    });

    it('When the mode is unknown or the input missing, Then 422; without a token, Then 401', async () => {
      const agent = await storedAgent({});
      expect((await execute(agent.id, { input: 'x', mode: 'swarm' })).status).toBe(422);
      expect(await execute(agent.id, { mode: 'agent' })).toMatchObject({ status: 422, body: { error: 'validation_error' } });
      const anonymous = await request('POST', `${app.platformUrl}/api/v1/agents/${agent.id}/execute`, { body: { input: 'x' } });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('async', () => {
    it('When async is asked, Then 202 answers the pending record at once and the queue runs it to completion', async () => {
      const agent = await storedAgent({});
      const res = await execute(agent.id, { input: 'Later, please', async: true, mode: 'sequential' });

      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ status: 'pending', success: null, attempt: 0, steps: [], output: null, started_at: null, finished_at: null });
      const done = await eventually(async () => {
        const current = await get(res.body.id);
        return current.body.status === 'completed' ? current.body : undefined;
      });
      expect(done).toMatchObject({ success: true, attempt: 1, mode: 'sequential', output: { reply: expect.stringContaining('Later, please') } });
    });
  });

  describe('POST /executions', () => {
    it('When a workflow is the target, Then it runs as a graph; another mode is 422', async () => {
      const workflow = aWorkflow({ ownerId: ada.id, graph: linearGraph(node('hello', 'template', { template: 'Hello, {{input.name}}!' })) });
      await app.services.app.container.get<WorkflowRepository>(WORKFLOW_REPOSITORY).create(workflow);
      const create = (body: Json) => request<ExecutionBody>('POST', `${app.platformUrl}/api/v1/executions`, { token: ada.token, body });

      const res = await create({ target_type: 'workflow', target_id: workflow.id, input: { name: 'Ada' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ workflow_id: workflow.id, agent_id: null, mode: 'graph', status: 'completed', output: 'Hello, Ada!' });

      const wrong = await create({ target_type: 'workflow', target_id: workflow.id, input: {}, mode: 'debate' });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toMatchObject({ details: [{ field: 'mode', message: 'must be one of graph for a workflow' }] });
      expect((await create({ target_type: 'workflow', target_id: workflow.id, input: {} })).status).toBe(200);
      expect(
        (
          await request('POST', `${app.platformUrl}/api/v1/executions`, {
            token: bob.token,
            body: { target_type: 'workflow', target_id: workflow.id, input: {} },
          })
        ).status,
      ).toBe(404);
    });
  });
});
