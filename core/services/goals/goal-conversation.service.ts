import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { Goal } from '../../domain/goal/goal.entity';
import { GoalChange, readGoalChanges } from '../../domain/goal/goal-changes';
import { GoalConflictError, GoalPlanError, GoalValidationError } from '../../domain/goal/goal.errors';
import { isTerminalGoalStatus } from '../../domain/goal/goal-transitions';
import { Task } from '../../domain/task/task.entity';
import { CLOCK, Clock } from '../../ports/clock.port';
import { GOAL_REPOSITORY, GoalRepository } from '../../ports/goal-repository.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { LENIENT_JSON_READER, LenientJsonReader } from '../../ports/lenient-json-reader.port';
import { LLM_PROVIDER_REGISTRY, LlmProviderRegistry } from '../../ports/llm-provider-registry.port';
import { TASK_REPOSITORY, TaskRepository } from '../../ports/task-repository.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { AGENT_SETTINGS, AgentSettings } from '../agents/agent-settings';
import { GoalManager } from './goal-manager.service';
import { goalInteractionMessages, GOAL_INTERACTION_TASK } from './goal-interaction-prompt';

/** Longest message a user may send about a goal. */
export const MAX_INTERACTION_MESSAGE_CHARS = 4_000;

export interface AppliedGoalChange {
  action: 'added' | 'changed' | 'dropped';
  /** The task as it is now; a dropped task as it was. */
  task: Task;
}

export interface GoalInteraction {
  reply: string;
  changes: AppliedGoalChange[];
}

/**
 * `interact`: one turn of a conversation about a goal (no memory between turns). One call of the
 * server's default model answers the message and may add, change or drop pending tasks
 * (goal-changes.ts); the changes are applied in one transaction and listed in the answer. Dropping
 * a task also removes it from the dependencies of the tasks that stay. An answer that cannot be
 * read or breaks a rule is `goal.upstream_error` (502) and changes nothing.
 */
@injectable()
export class GoalConversation {
  constructor(
    @inject(GoalManager) private readonly goals: GoalManager,
    @inject(GOAL_REPOSITORY) private readonly goalRecords: GoalRepository,
    @inject(TASK_REPOSITORY) private readonly tasks: TaskRepository,
    @inject(LLM_PROVIDER_REGISTRY) private readonly models: LlmProviderRegistry,
    @inject(AGENT_SETTINGS) private readonly settings: AgentSettings,
    @inject(LENIENT_JSON_READER) private readonly json: LenientJsonReader,
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async interact(actor: Actor, goalId: string, message: string): Promise<GoalInteraction> {
    const text = typeof message === 'string' ? message.trim() : '';
    if (!text || text.length > MAX_INTERACTION_MESSAGE_CHARS) {
      const issues = [{ field: 'message', message: `must be 1 to ${MAX_INTERACTION_MESSAGE_CHARS} characters` }];
      throw new GoalValidationError(`Invalid message: message must be 1 to ${MAX_INTERACTION_MESSAGE_CHARS} characters`, issues);
    }
    const goal = await this.goals.get(actor, goalId);
    if (isTerminalGoalStatus(goal.status)) throw new GoalConflictError(`Cannot change the plan of a goal that is ${goal.status}`);
    const tasks = await this.tasks.listByGoal(goal.id);
    const model = await this.models.resolve({ ownerId: goal.ownerId, provider: this.settings.defaultProvider, modelName: this.settings.defaultModel });
    const response = await model.provider.chat({
      messages: goalInteractionMessages(goal, tasks, text),
      model: model.model,
      temperature: 0.2,
      responseFormat: 'json',
      task: GOAL_INTERACTION_TASK,
      trace: { ownerId: goal.ownerId },
    });
    const answer = this.json.readObject(response.content);
    if (!answer) throw new GoalPlanError('The model did not answer the message');
    const reading = readGoalChanges(answer, tasks);
    if (!reading.ok) throw new GoalPlanError(`The model's changes cannot be made: ${reading.problem}`);
    if (reading.changes.length === 0) return { reply: reading.reply, changes: [] };
    return { reply: reading.reply, changes: await this.apply(goal, reading.changes) };
  }

  /** One transaction; the goal's row first, then every task the changes touch must still be pending. */
  private async apply(goal: Goal, changes: ReadonlyArray<GoalChange>): Promise<AppliedGoalChange[]> {
    return this.unitOfWork.run(async () => {
      const now = this.clock.now();
      if (!(await this.goalRecords.updateIfStatus({ ...goal, updatedAt: now }, goal.status))) {
        throw new GoalConflictError('The goal changed while its plan was being changed; try again');
      }
      const current = new Map((await this.tasks.listByGoal(goal.id)).map((task) => [task.id, task]));
      const applied: AppliedGoalChange[] = [];
      for (const [index, change] of changes.entries()) {
        if (change.kind === 'add') {
          const task = this.newTask(goal, change, new Date(now.getTime() + index));
          await this.tasks.create(task);
          applied.push({ action: 'added', task });
          continue;
        }
        const task = current.get(change.taskId);
        if (!task || task.status !== 'pending') throw new GoalConflictError("The goal's tasks changed while its plan was being changed; try again");
        if (change.kind === 'drop') {
          // Its dependency edges go with it: the tasks that stay stop depending on it.
          await this.tasks.delete(task.id);
          applied.push({ action: 'dropped', task });
          continue;
        }
        const { kind: _kind, taskId: _taskId, ...fields } = change;
        const changed: Task = { ...task, ...fields, updatedAt: now };
        if (!(await this.tasks.updateIfStatus(changed, 'pending')))
          throw new GoalConflictError("The goal's tasks changed while its plan was being changed; try again");
        current.set(task.id, changed);
        applied.push({ action: 'changed', task: changed });
      }
      return applied;
    });
  }

  private newTask(goal: Goal, change: Extract<GoalChange, { kind: 'add' }>, at: Date): Task {
    return {
      id: this.ids.uuid(),
      ownerId: goal.ownerId,
      goalId: goal.id,
      title: change.title,
      description: change.description,
      status: 'pending',
      priority: change.priority,
      requiresApproval: change.requiresApproval,
      assigneeAgentId: null,
      claimedBy: null,
      claimedByAgent: false,
      leaseExpiresAt: null,
      dependsOn: change.dependsOn,
      result: null,
      failureReason: null,
      dueAt: null,
      createdAt: at,
      updatedAt: at,
      completedAt: null,
    };
  }
}
