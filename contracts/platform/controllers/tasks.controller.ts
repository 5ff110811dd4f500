import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Delete, Get, Path, Post, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { TaskStatus } from '../../../core/domain/task/task.entity';
import { GoalRunner } from '../../../core/services/goals/goal-runner.service';
import { TaskExecutor } from '../../../core/services/tasks/task-executor.service';
import { TaskManager } from '../../../core/services/tasks/task-manager.service';
import { JsonValue } from '../../../core/shared/json';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import {
  TaskClaimRequest,
  TaskCompleteRequest,
  TaskCreateRequest,
  TaskFailRequest,
  TaskListResponse,
  TaskPageResponse,
  TaskResponse,
  TaskUpdateRequest,
} from '../dto/task.dto';
import { toNewTaskInput, toTaskChanges, toTaskPageResponse, toTaskResponse } from '../mappers/task.mapper';

/**
 * Tasks and their board (docs/goals-and-tasks.md, "HTTP API"). A task is its owner's (in a goal:
 * the goal owner's); admins see every one; another user's task is 404. States change only through
 * the actions, each a 409 when it does not apply to the task's state.
 */
@injectable()
@Route('api/v1/tasks')
@Tags('Tasks')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class TasksController extends Controller {
  constructor(
    @inject(TaskManager) private readonly tasks: TaskManager,
    @inject(TaskExecutor) private readonly executor: TaskExecutor,
    @inject(GoalRunner) private readonly runs: GoalRunner,
  ) {
    super();
  }

  /**
   * Your tasks (admins: everyone's), newest first.
   * @isInt page
   * @isInt page_size
   */
  @Get()
  @Response<ErrorResponse>(422, 'Bad pagination or status')
  public async list(
    @Request() request: ExpressRequest,
    @Query() page?: number,
    @Query() page_size?: number,
    @Query() goal_id?: string,
    @Query() status?: string,
  ): Promise<TaskPageResponse> {
    const filter = { goalId: goal_id, status: status as TaskStatus | undefined };
    return toTaskPageResponse(await this.tasks.list(actorOf(request), { page, pageSize: page_size }, filter));
  }

  /** Creates a pending task; its dependencies must already exist in the same goal (or outside any goal) and be yours. */
  @Post()
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(409, 'The goal is cancelled')
  @Response<ErrorResponse>(422, 'Invalid task, unknown goal or dependency')
  public async create(@Request() request: ExpressRequest, @Body() body: TaskCreateRequest): Promise<TaskResponse> {
    const task = await this.tasks.create(actorOf(request), toNewTaskInput(body));
    this.setStatus(201);
    return toTaskResponse(task);
  }

  /** The goal's pending tasks whose dependencies are all completed: what can be claimed now, oldest first. */
  @Get('available/{goal_id}')
  @Response<ErrorResponse>(404, 'No such goal of yours')
  public async available(@Request() request: ExpressRequest, @Path() goal_id: string): Promise<TaskListResponse> {
    return { items: (await this.tasks.available(actorOf(request), goal_id)).map(toTaskResponse) };
  }

  @Get('{task_id}')
  @Response<ErrorResponse>(404, 'No such task of yours')
  public async get(@Request() request: ExpressRequest, @Path() task_id: string): Promise<TaskResponse> {
    return toTaskResponse(await this.tasks.get(actorOf(request), task_id));
  }

  /** Changes the fields sent; `status` is ignored. New dependencies may not form a cycle (422). */
  @Put('{task_id}')
  @Response<ErrorResponse>(404, 'No such task of yours')
  @Response<ErrorResponse>(409, 'The task changed meanwhile')
  @Response<ErrorResponse>(422, 'Invalid change or a dependency cycle')
  public async update(@Request() request: ExpressRequest, @Path() task_id: string, @Body() body: TaskUpdateRequest): Promise<TaskResponse> {
    return toTaskResponse(await this.tasks.update(actorOf(request), task_id, toTaskChanges(body)));
  }

  /** Deletes the task; 409 while other tasks depend on it. */
  @Delete('{task_id}')
  @SuccessResponse(204, 'Deleted')
  @Response<ErrorResponse>(404, 'No such task of yours')
  @Response<ErrorResponse>(409, 'Other tasks depend on it')
  public async remove(@Request() request: ExpressRequest, @Path() task_id: string): Promise<void> {
    await this.tasks.delete(actorOf(request), task_id);
    this.setStatus(204);
  }

  /**
   * pending → claimed by you, with an optional lease; claiming a task you hold renews (or drops) its lease.
   * 409 when it is not pending, held by someone else, or a dependency is unfinished; of two simultaneous claims one wins.
   */
  @Post('{task_id}/claim')
  @Response<ErrorResponse>(404, 'No such task of yours')
  @Response<ErrorResponse>(409, 'Not claimable now')
  @Response<ErrorResponse>(422, 'Bad lease_seconds')
  public async claim(@Request() request: ExpressRequest, @Path() task_id: string, @Body() body?: TaskClaimRequest): Promise<TaskResponse> {
    return toTaskResponse(await this.tasks.transition(actorOf(request), task_id, 'claim', { leaseSeconds: body?.lease_seconds }));
  }

  /**
   * Runs the task by its agent (none: the default model as a bare agent) and answers the task when
   * the run ends: `completed` (or `awaiting_approval`) with `result: {output, agent_id, token_usage}`,
   * or `failed` with the reason. The task is claimed for the run (a task you hold is claimed again);
   * the results of its dependencies are part of what the agent is asked.
   */
  @Post('{task_id}/execute')
  @Response<ErrorResponse>(404, 'No such task of yours, or its agent is gone or not yours to use')
  @Response<ErrorResponse>(409, 'Not claimable now: held by someone else, finished, or a dependency is unfinished')
  public async execute(@Request() request: ExpressRequest, @Path() task_id: string): Promise<TaskResponse> {
    return toTaskResponse(await this.executor.execute(actorOf(request), task_id));
  }

  /** claimed → pending, with no claimer, lease or result; in a goal, its run moves on (it may take the task). */
  @Post('{task_id}/release')
  @Response<ErrorResponse>(404, 'No such task of yours')
  @Response<ErrorResponse>(409, 'Not claimed')
  public async release(@Request() request: ExpressRequest, @Path() task_id: string): Promise<TaskResponse> {
    return toTaskResponse(await this.runs.transition(actorOf(request), task_id, 'release'));
  }

  /**
   * claimed → completed, or awaiting_approval when the task requires approval (the owner is notified);
   * keeps `result`. Completed in a goal, its run moves on (what waited for the task starts).
   */
  @Post('{task_id}/complete')
  @Response<ErrorResponse>(404, 'No such task of yours')
  @Response<ErrorResponse>(409, 'Not claimed, or a dependency is unfinished')
  @Response<ErrorResponse>(422, 'Result too large')
  public async complete(@Request() request: ExpressRequest, @Path() task_id: string, @Body() body?: TaskCompleteRequest): Promise<TaskResponse> {
    // A parsed JSON body holds JSON values only.
    const result = body?.result as JsonValue | undefined;
    return toTaskResponse(await this.runs.transition(actorOf(request), task_id, 'complete', { result }));
  }

  /** claimed → failed, keeping `reason`; the owner is notified. */
  @Post('{task_id}/fail')
  @Response<ErrorResponse>(404, 'No such task of yours')
  @Response<ErrorResponse>(409, 'Not claimed')
  @Response<ErrorResponse>(422, 'Reason too long')
  public async fail(@Request() request: ExpressRequest, @Path() task_id: string, @Body() body?: TaskFailRequest): Promise<TaskResponse> {
    return toTaskResponse(await this.tasks.transition(actorOf(request), task_id, 'fail', { reason: body?.reason }));
  }

  /** awaiting_approval → completed; in a goal, its run moves on (what waited for the approval starts). */
  @Post('{task_id}/approve')
  @Response<ErrorResponse>(404, 'No such task of yours')
  @Response<ErrorResponse>(409, 'Not awaiting approval')
  public async approve(@Request() request: ExpressRequest, @Path() task_id: string): Promise<TaskResponse> {
    return toTaskResponse(await this.runs.transition(actorOf(request), task_id, 'approve'));
  }

  /**
   * awaiting_approval → claimed: the claimer keeps it to redo the work. When that is an agent
   * (`claimed_by_agent`), the run of the task's goal does it again.
   */
  @Post('{task_id}/reject')
  @Response<ErrorResponse>(404, 'No such task of yours')
  @Response<ErrorResponse>(409, 'Not awaiting approval')
  public async reject(@Request() request: ExpressRequest, @Path() task_id: string): Promise<TaskResponse> {
    return toTaskResponse(await this.runs.transition(actorOf(request), task_id, 'reject'));
  }

  /** failed → pending, with no claimer, result or failure reason; in a goal, its run moves on. */
  @Post('{task_id}/retry')
  @Response<ErrorResponse>(404, 'No such task of yours')
  @Response<ErrorResponse>(409, 'Not failed')
  public async retry(@Request() request: ExpressRequest, @Path() task_id: string): Promise<TaskResponse> {
    return toTaskResponse(await this.runs.transition(actorOf(request), task_id, 'retry'));
  }

  /** The unfinished tasks this one depends on, in `depends_on` order. */
  @Get('{task_id}/blockers')
  @Response<ErrorResponse>(404, 'No such task of yours')
  public async blockers(@Request() request: ExpressRequest, @Path() task_id: string): Promise<TaskListResponse> {
    return { items: (await this.tasks.blockers(actorOf(request), task_id)).map(toTaskResponse) };
  }
}
