import { randomUUID } from 'node:crypto';
import { AgentRunResult } from '../../../core/domain/agent/agent-run';
import { Actor } from '../../../core/domain/auth/actor';
import { ZERO_USAGE } from '../../../core/domain/llm/chat-message';
import { AgentRunner } from '../../../core/services/agents/agent-runner.service';
import { AGENT_SETTINGS, DEFAULT_AGENT_RUN_LIMITS } from '../../../core/services/agents/agent-settings';
import { TaskExecutor } from '../../../core/services/tasks/task-executor.service';
import { LlmBudgetExceededError } from '../../../core/domain/llm/llm.errors';
import { createTaskServices, TaskServices } from '../../support/task-services';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { DEFAULT_TASK_RUN_SETTINGS, TASK_RUN_SETTINGS } from '../../../core/services/tasks/task-run-settings';

/** TaskExecutor's failure paths, with a stand-in runner: a failed run or a refused one fails the task and notifies its owner. */
describe('TaskExecutor on SQLite', () => {
  let storage: TestStorage;
  let services: TaskServices;
  let executor: TaskExecutor;
  let answer: () => Promise<AgentRunResult>;
  const alice: Actor = { userId: randomUUID(), role: 'user' };

  beforeAll(async () => {
    storage = await createTestStorage('sqlite');
    services = createTaskServices(storage);
    services.container.bind(AGENT_SETTINGS).toConstantValue({ defaultProvider: 'offline', defaultModel: 'offline', ...DEFAULT_AGENT_RUN_LIMITS });
    services.container.bind(AgentRunner).toConstantValue({ run: () => answer() } as unknown as AgentRunner);
    services.container.bind(TASK_RUN_SETTINGS).toConstantValue(DEFAULT_TASK_RUN_SETTINGS);
    executor = services.container.get(TaskExecutor);
  });
  afterAll(async () => {
    await storage?.destroy();
  });

  const ran = (overrides: Partial<AgentRunResult>): AgentRunResult => ({
    success: true,
    output: 'done',
    steps: [],
    toolCalls: [],
    tokenUsage: ZERO_USAGE,
    iterations: 1,
    llmCalls: 1,
    ...overrides,
  });

  it('When the run does not succeed, Then the task is failed with the run error as its reason, and the owner is notified', async () => {
    answer = () => Promise.resolve(ran({ success: false, error: { code: 'iteration_limit', message: 'The agent hit its iteration limit' } }));
    const task = await services.tasks.create(alice, { title: 'Loop' });
    expect(await executor.execute(alice, task.id)).toMatchObject({
      status: 'failed',
      failureReason: 'The agent hit its iteration limit',
      leaseExpiresAt: null,
    });
    expect((await services.inbox.list(alice, {})).items[0]).toMatchObject({ title: 'Task failed', data: { task_id: task.id } });
  });

  it('When the run is refused with a domain error, Then the task is failed with its public message', async () => {
    answer = () => Promise.reject(new LlmBudgetExceededError(3));
    const task = await services.tasks.create(alice, { title: 'Costly' });
    expect(await executor.execute(alice, task.id)).toMatchObject({ status: 'failed', failureReason: 'The run used its budget of 3 LLM calls' });
  });

  it('When the runner breaks with a bug, Then the error propagates and the task stays claimed under its lease', async () => {
    answer = () => Promise.reject(new TypeError('boom'));
    const task = await services.tasks.create(alice, { title: 'Buggy' });
    await expect(executor.execute(alice, task.id)).rejects.toThrow('boom');
    const held = await services.tasks.get(alice, task.id);
    expect(held).toMatchObject({ status: 'claimed', claimedBy: alice.userId });
    expect(held.leaseExpiresAt!.getTime() - held.updatedAt.getTime()).toBe(60_000);
  });

  it('When a run goes on, Then its heartbeat renews the lease, and the claim ends with the run', async () => {
    const task = await services.tasks.create(alice, { title: 'Long' });
    let renewedUntil: Date | null = null;
    answer = async () => {
      const first = (await services.tasks.get(alice, task.id)).leaseExpiresAt!;
      services.clock.advance(50_000);
      expect(services.timers.ticks).toHaveLength(1);
      await services.timers.ticks[0]();
      renewedUntil = (await services.tasks.get(alice, task.id)).leaseExpiresAt;
      expect(renewedUntil!.getTime()).toBeGreaterThan(first.getTime() + 49_000);
      return ran({});
    };
    expect(await executor.execute(alice, task.id)).toMatchObject({ status: 'completed', leaseExpiresAt: null });
    expect(renewedUntil).not.toBeNull();
    expect(services.timers.ticks).toHaveLength(0);
  });
});
