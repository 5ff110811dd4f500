import { randomUUID } from 'node:crypto';
import { InProcessJobQueue } from '../../../adapters/queue/inprocess/in-process-job-queue';
import { Actor } from '../../../core/domain/auth/actor';
import { Execution } from '../../../core/domain/execution/execution.entity';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { Job, PublishOptions } from '../../../core/ports/job-queue.port';
import { JsonValue } from '../../../core/shared/json';
import { TOOL_CALL_LOG, ToolCallLog } from '../../../core/ports/tool-call-log.port';
import { LlmProvider } from '../../../core/ports/llm-provider.port';
import { EXECUTION_RUN_JOB } from '../../../core/services/executions/execution-run-job';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { answer, QueuedLlmProvider, QueuedTurn } from '../../fixtures/agents/queued-llm-provider';
import { RecordingJobQueue } from '../../fixtures/queue/recording-job-queue';
import { createExecutionTestBed, ExecutionTestBed } from '../../fixtures/workflows/execution-test-bed';
import { linearGraph, node } from '../../fixtures/workflows/workflow.mother';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';
import { createTestStorage, TestStorage } from '../../support/test-database';

const asActor = (user: { id: string; role: Actor['role'] }): Actor => ({ userId: user.id, role: user.role });

/** start → llm (writes an expression) → calculator → end: a real model node and a real sandboxed tool. */
const mathGraph = () =>
  linearGraph(
    node('ask', 'llm', { prompt: 'Write an expression for: {{input.question}}' }, 'Ask'),
    node('calc', 'tool', { tool_id: 'calculator', arguments: { expression: '{{nodes.ask.output}}' } }, 'Calculate'),
  );

describe('ExecutionLauncher over SQLite, the sandbox and a scripted model', () => {
  let storage: TestStorage;
  let kernel: TestKernel;

  beforeAll(async () => {
    storage = await createTestStorage('sqlite');
    kernel = await createTestKernel({ tools: ['calculator'] });
  });
  afterAll(async () => {
    await kernel?.close();
    await storage?.destroy();
  });

  function bed(turns: QueuedTurn[] | LlmProvider, queue = new RecordingJobQueue()): ExecutionTestBed & { llm: LlmProvider; queue: RecordingJobQueue } {
    const llm = Array.isArray(turns) ? new QueuedLlmProvider(turns) : turns;
    return { ...createExecutionTestBed(storage, { llm, tools: kernel.registry, queue }), llm, queue };
  }

  describe('run', () => {
    it('When a workflow runs, Then the finished record holds the output, every step and the tokens, and is stored', async () => {
      const t = bed([answer('2 + 3 * 4')]);
      const owner = await t.aStoredUser();
      const workflow = await t.aStoredWorkflow({ ownerId: owner.id, graph: mathGraph() });

      const execution = await t.launcher.run(
        asActor(owner),
        { type: 'workflow', id: workflow.id },
        { question: 'two plus three times four' },
        { trigger: 'api' },
      );

      expect(execution).toMatchObject({
        ownerId: owner.id,
        targetType: 'workflow',
        targetId: workflow.id,
        mode: 'graph',
        trigger: 'api',
        scheduleId: null,
        status: 'completed',
        success: true,
        input: { question: 'two plus three times four' },
        output: { value: 14 },
        tokenUsage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
        error: null,
      });
      expect(execution.steps).toMatchObject([
        { node_id: 'start', status: 'completed' },
        { node_id: 'ask', label: 'Ask', status: 'completed', output: '2 + 3 * 4' },
        { node_id: 'calc', label: 'Calculate', status: 'completed', output: { value: 14 } },
        { node_id: 'end', status: 'completed', output: { value: 14 } },
      ]);
      expect(execution.startedAt).toBeInstanceOf(Date);
      expect(execution.finishedAt!.getTime()).toBeGreaterThanOrEqual(execution.startedAt!.getTime());
      expect((t.llm as QueuedLlmProvider).requests[0].messages).toEqual([{ role: 'user', content: 'Write an expression for: two plus three times four' }]);
      expect(await t.executions.findById(execution.id)).toEqual(execution);
    });

    it('When a workflow’s tool node runs, Then the tool call log keeps its receipt under the execution and its owner', async () => {
      const t = bed([answer('6 * 7')]);
      const owner = await t.aStoredUser();
      const workflow = await t.aStoredWorkflow({ ownerId: owner.id, graph: mathGraph() });

      const execution = await t.launcher.run(asActor(owner), { type: 'workflow', id: workflow.id }, { question: 'six sevens' }, { trigger: 'api' });

      const calls = await t.container.get<ToolCallLog>(TOOL_CALL_LOG).list({ executionId: execution.id }, 0, 10);
      expect(calls).toMatchObject({
        total: 1,
        items: [{ tool_id: 'calculator', outcome: 'success', trace: { executionId: execution.id, ownerId: owner.id } }],
      });
      expect(calls.items[0].trace.agentId).toBeUndefined();
    });

    it('When a tool node fails, Then the record is failed with the node error and the later nodes skipped', async () => {
      const t = bed([]);
      const owner = await t.aStoredUser();
      const graph = linearGraph(node('calc', 'tool', { tool_id: 'calculator', arguments: { expression: '{{input.missing}}' } }));
      const workflow = await t.aStoredWorkflow({ ownerId: owner.id, graph });

      const execution = await t.launcher.run(asActor(owner), { type: 'workflow', id: workflow.id }, {}, { trigger: 'webhook' });

      expect(execution).toMatchObject({ status: 'failed', success: false, output: null, error: { code: 'tool.invalid_input' } });
      expect(execution.steps.map((s) => (s as { status: string }).status)).toEqual(['completed', 'failed', 'skipped']);
      expect(await t.executions.findById(execution.id)).toEqual(execution);
    });

    it('When the tool itself cannot compute, Then its failure fails the node rather than flowing on as output', async () => {
      const t = bed([]);
      const owner = await t.aStoredUser();
      const graph = linearGraph(node('calc', 'tool', { tool_id: 'calculator', arguments: { expression: '1 / 0' } }));
      const workflow = await t.aStoredWorkflow({ ownerId: owner.id, graph });

      const execution = await t.launcher.run(asActor(owner), { type: 'workflow', id: workflow.id }, {}, { trigger: 'webhook' });

      expect(execution).toMatchObject({ status: 'failed', output: null, error: { code: 'tool.runtime_error', message: 'Division by zero' } });
      expect(execution.steps.map((s) => (s as { status: string }).status)).toEqual(['completed', 'failed', 'skipped']);
    });

    it('When another user asks to run a workflow, Then it is not found and nothing is stored; an admin may run it', async () => {
      const t = bed([answer('1 + 1')]);
      const owner = await t.aStoredUser();
      const workflow = await t.aStoredWorkflow({ ownerId: owner.id, graph: mathGraph() });
      const stranger: Actor = { userId: randomUUID(), role: 'user' };

      await expect(t.launcher.run(stranger, { type: 'workflow', id: workflow.id }, {}, { trigger: 'api' })).rejects.toMatchObject({
        code: 'workflow.not_found',
      });
      await expect(t.launcher.run(asActor(owner), { type: 'workflow', id: randomUUID() }, {}, { trigger: 'api' })).rejects.toMatchObject({
        code: 'workflow.not_found',
      });
      await expect(t.launcher.enqueue(stranger, { type: 'workflow', id: workflow.id }, {}, { trigger: 'api' })).rejects.toMatchObject({
        code: 'workflow.not_found',
      });
      expect(t.queue.published).toEqual([]);

      const admin: Actor = { userId: randomUUID(), role: 'admin' };
      const execution = await t.launcher.run(admin, { type: 'workflow', id: workflow.id }, { question: 'x' }, { trigger: 'api' });
      expect(execution).toMatchObject({ status: 'completed', ownerId: admin.userId, output: { value: 2 } });
    });

    it('When an agent runs, Then the record holds its reply, its steps and its tokens, in agent mode', async () => {
      const t = bed([answer('Hello, Ada.')]);
      const owner = await t.aStoredUser();
      const agent = anAgent({ ownerId: owner.id, includeTools: [] });
      await t.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);

      const execution = await t.launcher.run(
        asActor(owner),
        { type: 'agent', id: agent.id },
        { message: 'Greet Ada' },
        { trigger: 'schedule', scheduleId: 'a-schedule' },
      );

      expect(execution).toMatchObject({
        targetType: 'agent',
        targetId: agent.id,
        mode: 'agent',
        trigger: 'schedule',
        scheduleId: 'a-schedule',
        status: 'completed',
        success: true,
        output: { reply: 'Hello, Ada.' },
        tokenUsage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
      });
      expect(execution.steps).toMatchObject([{ iteration: 1, type: 'llm', content: 'Hello, Ada.' }]);
      const request = (t.llm as QueuedLlmProvider).requests[0];
      expect(request.messages[request.messages.length - 1]).toEqual({ role: 'user', content: 'Greet Ada' });
      expect(await t.executions.findById(execution.id)).toEqual(execution);
    });

    it('When an agent is not the actor’s to use, Then it is not found', async () => {
      const t = bed([]);
      const agent = anAgent({ status: 'draft' });
      await t.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);
      await expect(t.launcher.run({ userId: randomUUID(), role: 'user' }, { type: 'agent', id: agent.id }, 'hi', { trigger: 'api' })).rejects.toMatchObject({
        code: 'agent.not_found',
      });
    });

    it('When the run fails unexpectedly, Then the record is failed with a generic message and the error is only logged', async () => {
      const t = bed([{ error: new Error('connect ECONNREFUSED 10.1.2.3:443 token=sk-secret') }]);
      const owner = await t.aStoredUser();
      const agent = anAgent({ ownerId: owner.id, includeTools: [] });
      await t.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);

      const execution = await t.launcher.run(asActor(owner), { type: 'agent', id: agent.id }, 'hi', { trigger: 'api' });

      expect(execution).toMatchObject({
        status: 'failed',
        success: false,
        error: { code: 'execution.internal_error', message: 'The execution failed unexpectedly' },
      });
      expect(JSON.stringify(await t.executions.findById(execution.id))).not.toContain('sk-secret');
      expect(t.logger.lines.filter((line) => line.level === 'error').map((line) => line.message)).toEqual(['execution failed unexpectedly']);
    });

    it('When the signal is aborted, Then the record is cancelled', async () => {
      const controller = new AbortController();
      const t = bed([]);
      const owner = await t.aStoredUser();
      const workflow = await t.aStoredWorkflow({ ownerId: owner.id, graph: mathGraph() });
      controller.abort();
      const execution = await t.launcher.run(asActor(owner), { type: 'workflow', id: workflow.id }, {}, { trigger: 'api', signal: controller.signal });
      expect(execution).toMatchObject({ status: 'cancelled', success: false, error: { code: 'execution.cancelled' } });
    });
  });

  describe('enqueue and the execution.run handler', () => {
    it('When enqueued, Then a pending record is stored and an execution.run job is published with the given job id', async () => {
      const queue = new OptionsRecordingQueue();
      const t = bed([], queue);
      const owner = await t.aStoredUser();
      const workflow = await t.aStoredWorkflow({ ownerId: owner.id, graph: mathGraph() });

      const execution = await t.launcher.enqueue(
        asActor(owner),
        { type: 'workflow', id: workflow.id },
        { question: 'q' },
        { trigger: 'schedule', jobId: 'slot-1' },
      );

      expect(execution).toMatchObject({ status: 'pending', success: null, startedAt: null, finishedAt: null, output: null, steps: [] });
      expect(await t.executions.findById(execution.id)).toEqual(execution);
      expect(t.queue.published).toEqual([{ type: EXECUTION_RUN_JOB, payload: { execution_id: execution.id } }]);
      expect(queue.options).toEqual([{ jobId: 'slot-1' }]);
      await t.launcher.enqueue(asActor(owner), { type: 'workflow', id: workflow.id }, {}, { trigger: 'api' });
      expect(queue.options[1]).toBeUndefined();
    });

    it('When the job is delivered twice through the in-process queue, Then the execution runs exactly once', async () => {
      const queue = new InProcessJobQueue({ maxAttempts: 3, retryBaseMs: 10, defaultConcurrency: 2 });
      const llm = new QueuedLlmProvider([answer('6 * 7'), answer('1 + 1')]);
      const t = { ...createExecutionTestBed(storage, { llm, tools: kernel.registry, queue }) };
      try {
        const owner = await t.aStoredUser();
        const workflow = await t.aStoredWorkflow({ ownerId: owner.id, graph: mathGraph() });
        const pending = await t.launcher.enqueue(
          asActor(owner),
          { type: 'workflow', id: workflow.id },
          { question: 'q' },
          { trigger: 'api', jobId: `run-${randomUUID()}` },
        );
        // A redelivery: the same job id and payload handed out again, to a second consumer slot.
        await queue.publish(EXECUTION_RUN_JOB, { execution_id: pending.id });

        const handled: Job[] = [];
        const bothHandled = new Promise<void>((resolve, reject) => {
          void queue.consume(EXECUTION_RUN_JOB, async (job) => {
            try {
              await t.runHandler.handle(job);
              handled.push(job);
              if (handled.length === 2) resolve();
            } catch (error) {
              reject(error);
            }
          });
        });
        await bothHandled;

        const finished = (await t.executions.findById(pending.id)) as Execution;
        expect(finished).toMatchObject({ status: 'completed', success: true, output: { value: 42 } });
        expect(llm.requests).toHaveLength(1);
        expect(await queue.deadLetters(EXECUTION_RUN_JOB)).toEqual([]);
      } finally {
        await queue.close();
      }
    });

    it('When the job comes again after the run finished, Then it is acknowledged and the record is left alone', async () => {
      const t = bed([answer('2 ^ 3')]);
      const owner = await t.aStoredUser();
      const workflow = await t.aStoredWorkflow({ ownerId: owner.id, graph: mathGraph() });
      const pending = await t.launcher.enqueue(asActor(owner), { type: 'workflow', id: workflow.id }, {}, { trigger: 'api' });
      const job: Job = { id: 'j-1', type: EXECUTION_RUN_JOB, payload: { execution_id: pending.id }, attempt: 1 };

      await t.runHandler.handle(job);
      const finished = await t.executions.findById(pending.id);
      expect(finished).toMatchObject({ status: 'completed', output: { value: 8 }, startedAt: expect.any(Date) });
      await t.runHandler.handle({ ...job, attempt: 2 });
      expect(await t.executions.findById(pending.id)).toEqual(finished);
    });

    it('When the owner no longer exists, Then the handler fails the execution without running it', async () => {
      const t = bed([]);
      const ghost: Actor = { userId: randomUUID(), role: 'user' };
      const workflow = await t.aStoredWorkflow({ ownerId: ghost.userId, graph: mathGraph() });
      const pending = await t.launcher.enqueue(ghost, { type: 'workflow', id: workflow.id }, {}, { trigger: 'api' });

      await t.runHandler.handle({ id: 'j', type: EXECUTION_RUN_JOB, payload: { execution_id: pending.id }, attempt: 1 });

      expect(await t.executions.findById(pending.id)).toMatchObject({
        status: 'failed',
        success: false,
        error: { code: 'execution.owner_missing' },
        startedAt: expect.any(Date),
        finishedAt: expect.any(Date),
      });
    });

    it('When the owner may no longer run the target, Then the handler fails the execution as not found', async () => {
      const t = bed([]);
      const user = await t.aStoredUser();
      const agent = anAgent({ status: 'deployed', includeTools: [] });
      const agents = t.container.get<AgentRepository>(AGENT_REPOSITORY);
      await agents.create(agent);
      const pending = await t.launcher.enqueue(asActor(user), { type: 'agent', id: agent.id }, 'hi', { trigger: 'api' });
      await agents.update({ ...agent, status: 'stopped' });

      await t.runHandler.handle({ id: 'j', type: EXECUTION_RUN_JOB, payload: { execution_id: pending.id }, attempt: 1 });

      expect(await t.executions.findById(pending.id)).toMatchObject({ status: 'failed', error: { code: 'agent.not_found' } });
    });

    it('When a job names no execution, Then it is acknowledged without effect', async () => {
      const t = bed([]);
      await expect(t.runHandler.handle({ id: 'j', type: EXECUTION_RUN_JOB, payload: { nope: 1 }, attempt: 1 })).resolves.toBeUndefined();
      await expect(t.runHandler.handle({ id: 'j', type: EXECUTION_RUN_JOB, payload: { execution_id: randomUUID() }, attempt: 1 })).resolves.toBeUndefined();
    });

    it('When publishing fails, Then the record is marked failed instead of waiting forever, and the error is raised', async () => {
      const broken = new RecordingJobQueue();
      broken.publish = async () => Promise.reject(new Error('broker down'));
      const t = bed([], broken);
      const owner = await t.aStoredUser();
      const workflow = await t.aStoredWorkflow({ ownerId: owner.id, graph: linearGraph() });
      await expect(t.launcher.enqueue(asActor(owner), { type: 'workflow', id: workflow.id }, {}, { trigger: 'api' })).rejects.toThrow('broker down');
      const stored = t.logger.lines.find((line) => line.message === 'execution could not be queued');
      expect(stored).toBeDefined();
      const record = await t.executions.findById(String(stored!.fields.executionId));
      expect(record).toMatchObject({ status: 'failed', error: { code: 'execution.not_queued' } });
    });
  });
});

/** Also keeps the options of every publish. */
class OptionsRecordingQueue extends RecordingJobQueue {
  readonly options: Array<PublishOptions | undefined> = [];

  override async publish(type: string, payload: JsonValue, options?: PublishOptions): Promise<string> {
    this.options.push(options);
    return super.publish(type, payload, options);
  }
}
