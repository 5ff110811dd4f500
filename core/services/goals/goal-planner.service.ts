import { inject, injectable } from 'inversify';
import { ListedAgent } from '../../domain/agent/listed-agent';
import { Actor } from '../../domain/auth/actor';
import { Goal } from '../../domain/goal/goal.entity';
import { GoalConflictError, GoalPlanError } from '../../domain/goal/goal.errors';
import { GoalPlan, readGoalPlan } from '../../domain/goal/goal-plan';
import { isTerminalGoalStatus } from '../../domain/goal/goal-transitions';
import { ChatMessage } from '../../domain/llm/chat-message';
import { Task } from '../../domain/task/task.entity';
import { AGENT_REPOSITORY, AgentRepository } from '../../ports/agent-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { GOAL_REPOSITORY, GoalRepository } from '../../ports/goal-repository.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { LENIENT_JSON_READER, LenientJsonReader } from '../../ports/lenient-json-reader.port';
import { LLM_PROVIDER_REGISTRY, LlmProviderRegistry } from '../../ports/llm-provider-registry.port';
import { TASK_REPOSITORY, TaskRepository } from '../../ports/task-repository.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { canUseAgent } from '../agents/agent-access';
import { AGENT_SETTINGS, AgentSettings } from '../agents/agent-settings';
import { GoalManager } from './goal-manager.service';
import { goalDecompositionMessages, GOAL_DECOMPOSITION_TASK } from './goal-decomposition-prompt';
import { goalReplanMessages, GOAL_REPLAN_TASK } from './goal-replan-prompt';

export interface GoalDecomposition {
  goal: Goal;
  summary: string;
  /** The new tasks, dependencies first. */
  tasks: Task[];
  /** Ids of the tasks the new ones replace (a replan's failed and pending tasks); empty for a first plan. */
  removedTaskIds: string[];
}

/** Agents offered to the model as candidates: the owner's most recent usable ones. */
const CANDIDATE_AGENTS = 20;

/** Tasks a replan cannot change under a worker or a reviewer. */
const BUSY_STATUSES: ReadonlyArray<Task['status']> = ['claimed', 'awaiting_approval'];

/** Throws the `goal.conflict` that applies to planning a goal whose tasks are these. */
type Refusal = (tasks: ReadonlyArray<Task>) => void;

/**
 * `decompose`: one call of the server's default model turns a goal that has no tasks yet into a
 * task graph (goal-plan.ts: at most MAX_PLAN_TASKS tasks, no cycle, only agents the goal's owner
 * may use), stored in one transaction. `replan` replaces the failed and pending tasks of a goal
 * by a new plan made from what completed (kept, and available to depend on by id) and what failed.
 * A plan that cannot be read or breaks a rule is `goal.upstream_error` (502) and stores nothing.
 */
@injectable()
export class GoalPlanner {
  constructor(
    @inject(GoalManager) private readonly goals: GoalManager,
    @inject(GOAL_REPOSITORY) private readonly goalRecords: GoalRepository,
    @inject(TASK_REPOSITORY) private readonly tasks: TaskRepository,
    @inject(AGENT_REPOSITORY) private readonly agents: AgentRepository,
    @inject(LLM_PROVIDER_REGISTRY) private readonly models: LlmProviderRegistry,
    @inject(AGENT_SETTINGS) private readonly settings: AgentSettings,
    @inject(LENIENT_JSON_READER) private readonly json: LenientJsonReader,
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async decompose(actor: Actor, goalId: string): Promise<GoalDecomposition> {
    const goal = await this.goals.get(actor, goalId);
    const refuse: Refusal = (tasks) => {
      if (isTerminalGoalStatus(goal.status)) throw new GoalConflictError(`Cannot decompose a goal that is ${goal.status}`);
      if (tasks.length > 0) throw new GoalConflictError('The goal already has tasks: replan it instead');
    };
    refuse(await this.tasks.listByGoal(goal.id));
    const candidates = await this.candidatesFor(goal);
    const plan = await this.plan(goal, GOAL_DECOMPOSITION_TASK, goalDecompositionMessages(goal, candidates), new Set());
    await this.refuseUnknownAgents(goal, plan, candidates);
    return this.store(goal, plan, refuse);
  }

  /**
   * Replaces the failed and pending tasks by a new plan; completed tasks stay. `goal.conflict` while
   * a task is claimed or awaiting approval (its work is under way), or when nothing is unfinished.
   */
  async replan(actor: Actor, goalId: string): Promise<GoalDecomposition> {
    const goal = await this.goals.get(actor, goalId);
    const refuse: Refusal = (tasks) => {
      if (isTerminalGoalStatus(goal.status)) throw new GoalConflictError(`Cannot replan a goal that is ${goal.status}`);
      if (tasks.length === 0) throw new GoalConflictError('The goal has no tasks: decompose it instead');
      const busy = tasks.find((task) => BUSY_STATUSES.includes(task.status));
      if (busy) throw new GoalConflictError(`Cannot replan while a task is ${busy.status}: "${busy.title}" (${busy.id})`);
      if (tasks.every((task) => task.status === 'completed')) throw new GoalConflictError('Nothing to replan: every task is completed');
    };
    const tasks = await this.tasks.listByGoal(goal.id);
    refuse(tasks);
    const candidates = await this.candidatesFor(goal);
    const kept = new Set(tasks.filter((task) => task.status === 'completed').map((task) => task.id));
    const plan = await this.plan(goal, GOAL_REPLAN_TASK, goalReplanMessages(goal, tasks, candidates), kept);
    await this.refuseUnknownAgents(goal, plan, candidates);
    return this.store(goal, plan, refuse, tasks);
  }

  private async candidatesFor(goal: Goal): Promise<ListedAgent[]> {
    const owner: Actor = { userId: goal.ownerId, role: 'user' };
    const { items } = await this.agents.list({ visibleTo: goal.ownerId }, 0, CANDIDATE_AGENTS);
    return items.filter((agent) => canUseAgent(owner, agent));
  }

  private async plan(goal: Goal, task: string, messages: ChatMessage[], kept: ReadonlySet<string>): Promise<GoalPlan> {
    const model = await this.models.resolve({ ownerId: goal.ownerId, provider: this.settings.defaultProvider, modelName: this.settings.defaultModel });
    const response = await model.provider.chat({
      messages,
      model: model.model,
      temperature: 0,
      responseFormat: 'json',
      task,
      trace: { ownerId: goal.ownerId },
    });
    const reply = this.json.readObject(response.content);
    if (!reply) throw new GoalPlanError('The model did not answer with a plan');
    const reading = readGoalPlan(reply, kept);
    if (!reading.ok) throw new GoalPlanError(`The model's plan cannot be used: ${reading.problem}`);
    return reading.plan;
  }

  private async refuseUnknownAgents(goal: Goal, plan: GoalPlan, candidates: ReadonlyArray<ListedAgent>): Promise<void> {
    const owner: Actor = { userId: goal.ownerId, role: 'user' };
    const offered = new Set(candidates.map((agent) => agent.id));
    for (const id of new Set(plan.tasks.flatMap((task) => (task.agentId === null || offered.has(task.agentId) ? [] : [task.agentId])))) {
      const agent = await this.agents.findById(id);
      if (!agent || !canUseAgent(owner, agent)) throw new GoalPlanError(`The model's plan cannot be used: it names an unknown agent ("${id}")`);
    }
  }

  /**
   * One transaction; the goal's row is written first, so a second plan at the same time waits, then
   * meets `refuse` on what the first stored. A replan's tasks must still be as they were read (`seen`).
   */
  private async store(goal: Goal, plan: GoalPlan, refuse: Refusal, seen: ReadonlyArray<Task> = []): Promise<GoalDecomposition> {
    return this.unitOfWork.run(async () => {
      const now = this.clock.now();
      const touched: Goal = { ...goal, updatedAt: now };
      if (!(await this.goalRecords.updateIfStatus(touched, goal.status))) {
        throw new GoalConflictError('The goal changed while it was being planned; try again');
      }
      const current = await this.tasks.listByGoal(goal.id);
      refuse(current);
      if (seen.length > 0 && stateOf(current) !== stateOf(seen)) {
        throw new GoalConflictError("The goal's tasks changed while it was being replanned; try again");
      }
      const removed = current.filter((task) => task.status !== 'completed');
      for (const task of removed) await this.tasks.delete(task.id);
      const ids = plan.tasks.map(() => this.ids.uuid());
      const tasks = plan.tasks.map((planned, index): Task => ({
        id: ids[index],
        ownerId: goal.ownerId,
        goalId: goal.id,
        title: planned.title,
        description: planned.description,
        status: 'pending',
        priority: planned.priority,
        requiresApproval: planned.requiresApproval,
        assigneeAgentId: planned.agentId,
        claimedBy: null,
        claimedByAgent: false,
        leaseExpiresAt: null,
        dependsOn: [...planned.dependsOnKept, ...planned.dependsOn.map((dep) => ids[dep])],
        result: null,
        failureReason: null,
        dueAt: null,
        // Apart by a millisecond each, so "oldest first" is the plan's order.
        createdAt: new Date(now.getTime() + index),
        updatedAt: new Date(now.getTime() + index),
        completedAt: null,
      }));
      for (const task of tasks) await this.tasks.create(task);
      return { goal: touched, summary: plan.summary, tasks, removedTaskIds: removed.map((task) => task.id) };
    });
  }
}

/** The tasks' ids and statuses, to tell whether they changed between two readings. */
function stateOf(tasks: ReadonlyArray<Task>): string {
  return tasks.map((task) => `${task.id}:${task.status}`).join(',');
}
