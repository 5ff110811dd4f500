import { randomUUID } from 'node:crypto';
import { Agent } from '../../../core/domain/agent/agent.entity';
import { versionOf } from '../../../core/domain/agent/new-agent';
import { AgentDependants } from '../../../core/ports/agent-dependants.port';
import { AgentRepository } from '../../../core/ports/agent-repository.port';
import { ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { GoalRepository } from '../../../core/ports/goal-repository.port';
import { ScheduleRepository } from '../../../core/ports/schedule-repository.port';
import { TaskRepository } from '../../../core/ports/task-repository.port';
import { ToolCallLog } from '../../../core/ports/tool-call-log.port';
import { UnitOfWork } from '../../../core/ports/unit-of-work.port';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { aSchedule } from '../../fixtures/schedules/schedule.mother';
import { aTask } from '../../fixtures/tasks/task.mother';
import { anExecution } from '../../fixtures/workflows/workflow.mother';
import { aGoal } from '../../fixtures/goals/goal.mother';
import { aToolCall } from './tool-call-log.contract';

export interface AgentDependantsHarness {
  /** Every binding of AGENT_DEPENDANTS. */
  dependants: AgentDependants[];
  agents: AgentRepository;
  schedules: ScheduleRepository;
  executions: ExecutionRepository;
  goals: GoalRepository;
  tasks: TaskRepository;
  toolCalls: ToolCallLog;
  unitOfWork: UnitOfWork;
  destroy(): Promise<void>;
}

/**
 * Behaviour rule 1 against real storage: what the bound dependants do to the records that point
 * at an agent, inside the delete's transaction, and that a failure later rolls all of it back.
 */
export function describeAgentDependantsContract(name: string, makeHarness: () => Promise<AgentDependantsHarness>): void {
  describe(name, () => {
    let h: AgentDependantsHarness;

    beforeAll(async () => {
      h = await makeHarness();
    });
    afterAll(async () => {
      await h?.destroy();
    });

    /** An agent with a version, a schedule, an execution, a goal, a task and a tool call pointing at it. */
    const agentWithDependants = async () => {
      const agent = anAgent();
      await h.agents.create(agent);
      await h.agents.addVersion(versionOf(agent));
      const records = {
        schedule: aSchedule({ ownerId: agent.ownerId, targetType: 'agent', targetId: agent.id }),
        execution: anExecution({ ownerId: agent.ownerId, targetType: 'agent', targetId: agent.id, mode: 'agent' }),
        goal: aGoal({ ownerId: agent.ownerId, agentId: agent.id }),
        task: aTask({ ownerId: agent.ownerId, assigneeAgentId: agent.id }),
        toolCall: aToolCall({ trace: { agentId: agent.id, ownerId: agent.ownerId } }),
      };
      await h.schedules.create(records.schedule);
      await h.executions.create(records.execution);
      await h.goals.create(records.goal);
      await h.tasks.create(records.task);
      await h.toolCalls.record(records.toolCall);
      return { agent, ...records };
    };
    const removeAll = async (agent: Agent) => {
      for (const dependants of h.dependants) await dependants.removeForAgent(agent.id);
    };
    const expectIntact = async (records: Awaited<ReturnType<typeof agentWithDependants>>) => {
      expect(await h.agents.findById(records.agent.id)).toEqual(records.agent);
      expect(await h.agents.findVersion(records.agent.id, 1)).toEqual(versionOf(records.agent));
      expect(await h.schedules.findById(records.schedule.id)).toEqual(records.schedule);
      expect(await h.executions.findById(records.execution.id)).toEqual(records.execution);
      expect(await h.goals.findById(records.goal.id)).toEqual(records.goal);
      expect(await h.tasks.findById(records.task.id)).toEqual(records.task);
      expect(await h.toolCalls.list({ agentId: records.agent.id }, 0, 10)).toEqual({ items: [records.toolCall], total: 1 });
    };

    it("When an agent's dependants are removed and it is deleted, Then its schedules, executions, versions and tool calls go, its goals and tasks stay unbound", async () => {
      const doomed = await agentWithDependants();
      const bystander = await agentWithDependants();
      await h.unitOfWork.run(async () => {
        await removeAll(doomed.agent);
        expect(await h.agents.deleteIfStatus(doomed.agent.id, 'draft')).toBe(true);
      });
      expect(await h.agents.findById(doomed.agent.id)).toBeUndefined();
      expect(await h.agents.findVersion(doomed.agent.id, 1)).toBeUndefined();
      expect(await h.schedules.findById(doomed.schedule.id)).toBeUndefined();
      expect(await h.executions.findById(doomed.execution.id)).toBeUndefined();
      expect(await h.goals.findById(doomed.goal.id)).toEqual({ ...doomed.goal, agentId: null });
      expect(await h.tasks.findById(doomed.task.id)).toEqual({ ...doomed.task, assigneeAgentId: null });
      expect(await h.toolCalls.list({ agentId: doomed.agent.id }, 0, 10)).toEqual({ items: [], total: 0 });
      await expectIntact(bystander);
    });

    it('When the delete fails after the dependants ran, Then the transaction rolls every change back', async () => {
      const kept = await agentWithDependants();
      await expect(
        h.unitOfWork.run(async () => {
          await removeAll(kept.agent);
          throw new Error('the delete failed');
        }),
      ).rejects.toThrow('the delete failed');
      await expectIntact(kept);
    });

    it('When an agent has no dependants, Then removing them succeeds and touches nothing else', async () => {
      const lonely = anAgent({ id: randomUUID() });
      await h.agents.create(lonely);
      await h.unitOfWork.run(() => removeAll(lonely));
      expect(await h.agents.findById(lonely.id)).toEqual(lonely);
    });
  });
}
