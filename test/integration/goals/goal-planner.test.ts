import { randomUUID } from 'node:crypto';
import { JsonRepairLenientJsonReader } from '../../../adapters/json/jsonrepair-lenient-json-reader';
import { Actor } from '../../../core/domain/auth/actor';
import { ZERO_USAGE } from '../../../core/domain/llm/chat-message';
import { LENIENT_JSON_READER } from '../../../core/ports/lenient-json-reader.port';
import { LLM_PROVIDER_REGISTRY, LlmProviderRegistry } from '../../../core/ports/llm-provider-registry.port';
import { ChatRequest, LlmProvider } from '../../../core/ports/llm-provider.port';
import { AGENT_SETTINGS, DEFAULT_AGENT_RUN_LIMITS } from '../../../core/services/agents/agent-settings';
import { GoalPlanner } from '../../../core/services/goals/goal-planner.service';
import { createTaskServices, TaskServices } from '../../support/task-services';
import { createTestStorage, TestStorage } from '../../support/test-database';

/** GoalPlanner with a scripted model: what it asks, and the plans it refuses without storing anything. */
describe('GoalPlanner on SQLite', () => {
  let storage: TestStorage;
  let services: TaskServices;
  let planner: GoalPlanner;
  let reply: string;
  const requests: ChatRequest[] = [];
  const alice: Actor = { userId: randomUUID(), role: 'user' };

  beforeAll(async () => {
    storage = await createTestStorage('sqlite');
    services = createTaskServices(storage);
    const provider = {
      name: 'scripted',
      chat: (request: ChatRequest) => {
        requests.push(request);
        return Promise.resolve({ content: reply, toolCalls: [], usage: ZERO_USAGE, model: 'scripted', finishReason: 'stop' as const });
      },
    } as unknown as LlmProvider;
    services.container.bind<LlmProviderRegistry>(LLM_PROVIDER_REGISTRY).toConstantValue({ resolve: () => Promise.resolve({ provider, model: undefined }) });
    services.container.bind(AGENT_SETTINGS).toConstantValue({ defaultProvider: 'offline', defaultModel: 'offline', ...DEFAULT_AGENT_RUN_LIMITS });
    services.container.bind(LENIENT_JSON_READER).toConstantValue(new JsonRepairLenientJsonReader());
    planner = services.container.get(GoalPlanner);
  });
  afterAll(async () => {
    await storage?.destroy();
  });

  it('When the model answers a plan in a code fence, Then it is asked as the goal-decomposition task and the plan is stored', async () => {
    reply = '```json\n{"summary": "Two steps", "tasks": [{"title": "Second", "dependsOn": [1]}, {"title": "First", "dependsOn": []}]}\n```';
    const goal = await services.goals.create(alice, { title: 'Ship', description: 'Soon' });
    const { tasks, summary } = await planner.decompose(alice, goal.id);
    expect(requests.at(-1)).toMatchObject({ task: 'goal-decomposition', responseFormat: 'json' });
    expect(JSON.parse(requests.at(-1)!.messages[1].content)).toEqual({ title: 'Ship', description: 'Soon', agents: [] });
    expect(summary).toBe('Two steps');
    expect(tasks.map((task) => [task.title, task.dependsOn])).toEqual([
      ['First', []],
      ['Second', [tasks[0].id]],
    ]);
    expect(await services.tasks.listForGoal(alice, goal.id)).toEqual(tasks);
  });

  it.each([
    ['prose with no plan', 'I cannot help with that.', 'The model did not answer with a plan'],
    [
      'a cycle',
      '{"tasks": [{"title": "A", "dependsOn": [1]}, {"title": "B", "dependsOn": [0]}]}',
      "The model's plan cannot be used: its dependencies form a cycle",
    ],
    [
      'an unknown agent',
      '{"tasks": [{"title": "A", "agent_id": "no-such-agent"}]}',
      'The model\'s plan cannot be used: it names an unknown agent ("no-such-agent")',
    ],
  ])('When the model answers %s, Then goal.upstream_error and no task is stored', async (_, answer, message) => {
    reply = answer;
    const goal = await services.goals.create(alice, { title: 'Refused' });
    await expect(planner.decompose(alice, goal.id)).rejects.toMatchObject({ code: 'goal.upstream_error', message });
    expect(await services.tasks.listForGoal(alice, goal.id)).toEqual([]);
  });

  it('When a replan depends on a completed task by id, Then the link is kept; an id that is not a completed task of the goal is refused', async () => {
    const goal = await services.goals.create(alice, { title: 'Again' });
    const done = await services.tasks.create(alice, { title: 'Done', goalId: goal.id });
    await services.tasks.transition(alice, done.id, 'claim');
    await services.tasks.transition(alice, done.id, 'complete', { result: 'yes' });
    const failed = await services.tasks.create(alice, { title: 'Broke', goalId: goal.id, dependsOn: [done.id] });
    await services.tasks.transition(alice, failed.id, 'claim');
    await services.tasks.transition(alice, failed.id, 'fail', { reason: 'nope' });

    reply = `{"tasks": [{"title": "Fix", "dependsOn": ["${failed.id}"]}]}`;
    await expect(planner.replan(alice, goal.id)).rejects.toMatchObject({ code: 'goal.upstream_error' });
    expect((await services.tasks.listForGoal(alice, goal.id)).map((task) => task.id)).toEqual([done.id, failed.id]);

    reply = `{"tasks": [{"title": "Fix", "dependsOn": ["${done.id}"]}]}`;
    const replanned = await planner.replan(alice, goal.id);
    expect(replanned.removedTaskIds).toEqual([failed.id]);
    expect(replanned.tasks).toEqual([expect.objectContaining({ title: 'Fix', dependsOn: [done.id], status: 'pending' })]);
    expect(JSON.parse(requests.at(-1)!.messages[1].content)).toMatchObject({
      completed: [{ id: done.id, title: 'Done', result: '"yes"' }],
      failed: [{ title: 'Broke', reason: 'nope' }],
      pending: [],
    });
  });
});
