import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import {
  AgentCallRequest,
  AgentCallView,
  ExecutionView,
  PlatformCallOptions,
  PlatformGateway,
  ScheduleCreateRequest,
  ScheduleView,
  TaskCreateRequest,
  TaskMoveView,
  TaskStatusRequest,
  TaskView,
  WorkflowRunRequest,
} from '../../ports/platform-gateway.port';
import { AgentCaller } from '../agents/agent-caller.service';
import { ExecutionLauncher } from '../executions/execution-launcher.service';
import { ScheduleManager } from '../schedules/schedule-manager.service';
import { GoalRunner } from '../goals/goal-runner.service';
import { TaskManager } from '../tasks/task-manager.service';
import { agentCallView } from './agent-call-view';
import { executionView } from './execution-view';
import { scheduleView } from './schedule-view';
import { moveAction } from '../../domain/task/task-transitions';
import { taskStateView, taskView } from './task-view';

/**
 * The `platform` capability's actions, run by the use cases as the tool's caller: the same
 * rights, records and errors as the REST API. Nested runs are marked `trigger: 'tool'`, spend
 * the calling run's LLM budget (which also bounds recursion) and end with the tool call.
 */
@injectable()
export class PlatformGatewayService implements PlatformGateway {
  constructor(
    @inject(AgentCaller) private readonly agents: AgentCaller,
    @inject(ExecutionLauncher) private readonly launcher: ExecutionLauncher,
    @inject(TaskManager) private readonly tasks: TaskManager,
    @inject(GoalRunner) private readonly runs: GoalRunner,
    @inject(ScheduleManager) private readonly schedules: ScheduleManager,
  ) {}

  async callAgent(actor: Actor, { agentId, message }: AgentCallRequest, { budget, signal }: PlatformCallOptions): Promise<AgentCallView> {
    return agentCallView(agentId, await this.agents.call(actor, agentId, message, { budget, signal }));
  }

  async runWorkflow(
    actor: Actor,
    { workflowId, input, wait }: WorkflowRunRequest,
    { budget, signal, executionId }: PlatformCallOptions,
  ): Promise<ExecutionView> {
    const target = { type: 'workflow', id: workflowId } as const;
    const nested = { trigger: 'tool', parentExecutionId: executionId } as const;
    const execution = wait
      ? await this.launcher.run(actor, target, input, { ...nested, budget, signal })
      : await this.launcher.enqueue(actor, target, input, nested);
    return executionView(execution);
  }

  async createTask(actor: Actor, request: TaskCreateRequest): Promise<TaskView> {
    return taskView(await this.tasks.create(actor, request));
  }

  async updateTaskStatus(actor: Actor, { taskId, status, result, reason }: TaskStatusRequest): Promise<TaskMoveView> {
    // TaskManager.moveTo's rule, split so the answer can name the move: the transition is
    // conditional on the status read here, so a task changed meanwhile is a conflict.
    const before = await this.tasks.get(actor, taskId);
    const action = moveAction(before, status);
    const task = await this.runs.transition(actor, taskId, action, { result, reason });
    return { task: taskStateView(task), previous_status: before.status, action };
  }

  async scheduleRun(actor: Actor, request: ScheduleCreateRequest): Promise<ScheduleView> {
    return scheduleView(await this.schedules.create(actor, { ...request, enabled: true }));
  }
}
