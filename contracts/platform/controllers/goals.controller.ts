import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Delete, Get, Path, Post, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { GoalStatus } from '../../../core/domain/goal/goal.entity';
import { GoalConversation } from '../../../core/services/goals/goal-conversation.service';
import { GoalManager } from '../../../core/services/goals/goal-manager.service';
import { GoalPlanner } from '../../../core/services/goals/goal-planner.service';
import { GoalRunner } from '../../../core/services/goals/goal-runner.service';
import { GoalTaskTree } from '../../../core/services/goals/goal-task-tree.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import {
  GoalInteractRequest,
  GoalInteractionResponse,
  GoalCreateRequest,
  GoalDecompositionResponse,
  GoalPageResponse,
  GoalResponse,
  GoalTaskTreeResponse,
  GoalUpdateRequest,
} from '../dto/goal.dto';
import {
  toGoalChanges,
  toGoalInteractionResponse,
  toGoalDecompositionResponse,
  toGoalPageResponse,
  toGoalResponse,
  toGoalTaskTreeResponse,
  toNewGoalInput,
} from '../mappers/goal.mapper';

/**
 * Goals (docs/goals-and-tasks.md, "HTTP API"). A goal is its owner's; admins see every one;
 * another user's goal is 404. States change only through the actions (409 when one does not apply).
 */
@injectable()
@Route('api/v1/goals')
@Tags('Goals')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class GoalsController extends Controller {
  constructor(
    @inject(GoalManager) private readonly goals: GoalManager,
    @inject(GoalTaskTree) private readonly tree: GoalTaskTree,
    @inject(GoalPlanner) private readonly planner: GoalPlanner,
    @inject(GoalRunner) private readonly runner: GoalRunner,
    @inject(GoalConversation) private readonly conversation: GoalConversation,
  ) {
    super();
  }

  /**
   * Your goals (admins: everyone's), newest first.
   * @isInt page
   * @isInt page_size
   */
  @Get()
  @Response<ErrorResponse>(422, 'Bad pagination or status')
  public async list(
    @Request() request: ExpressRequest,
    @Query() page?: number,
    @Query() page_size?: number,
    @Query() status?: string,
  ): Promise<GoalPageResponse> {
    return toGoalPageResponse(await this.goals.list(actorOf(request), { page, pageSize: page_size }, { status: status as GoalStatus | undefined }));
  }

  /** Creates a `draft` goal of yours. */
  @Post()
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(422, 'Invalid goal')
  public async create(@Request() request: ExpressRequest, @Body() body: GoalCreateRequest): Promise<GoalResponse> {
    const goal = await this.goals.create(actorOf(request), toNewGoalInput(body));
    this.setStatus(201);
    return toGoalResponse(goal);
  }

  @Get('{goal_id}')
  @Response<ErrorResponse>(404, 'No such goal of yours')
  public async get(@Request() request: ExpressRequest, @Path() goal_id: string): Promise<GoalResponse> {
    return toGoalResponse(await this.goals.get(actorOf(request), goal_id));
  }

  /** Changes the fields sent; `status` is ignored. */
  @Put('{goal_id}')
  @Response<ErrorResponse>(404, 'No such goal of yours')
  @Response<ErrorResponse>(409, 'The goal changed meanwhile')
  @Response<ErrorResponse>(422, 'Invalid change')
  public async update(@Request() request: ExpressRequest, @Path() goal_id: string, @Body() body: GoalUpdateRequest): Promise<GoalResponse> {
    return toGoalResponse(await this.goals.update(actorOf(request), goal_id, toGoalChanges(body)));
  }

  /** Cancels the goal (draft, active or paused → cancelled) and answers it; goals are kept, with their tasks. */
  @Delete('{goal_id}')
  @Response<ErrorResponse>(404, 'No such goal of yours')
  @Response<ErrorResponse>(409, 'Already completed, failed or cancelled')
  public async remove(@Request() request: ExpressRequest, @Path() goal_id: string): Promise<GoalResponse> {
    return toGoalResponse(await this.goals.transition(actorOf(request), goal_id, 'cancel'));
  }

  /** draft → active. */
  @Post('{goal_id}/start')
  @Response<ErrorResponse>(404, 'No such goal of yours')
  @Response<ErrorResponse>(409, 'Not a draft')
  public async start(@Request() request: ExpressRequest, @Path() goal_id: string): Promise<GoalResponse> {
    return toGoalResponse(await this.goals.transition(actorOf(request), goal_id, 'start'));
  }

  /** active → paused. */
  @Post('{goal_id}/pause')
  @Response<ErrorResponse>(404, 'No such goal of yours')
  @Response<ErrorResponse>(409, 'Not active')
  public async pause(@Request() request: ExpressRequest, @Path() goal_id: string): Promise<GoalResponse> {
    return toGoalResponse(await this.goals.transition(actorOf(request), goal_id, 'pause'));
  }

  /** paused → active. */
  @Post('{goal_id}/resume')
  @Response<ErrorResponse>(404, 'No such goal of yours')
  @Response<ErrorResponse>(409, 'Not paused')
  public async resume(@Request() request: ExpressRequest, @Path() goal_id: string): Promise<GoalResponse> {
    return toGoalResponse(await this.goals.transition(actorOf(request), goal_id, 'resume'));
  }

  /**
   * One call of the server's default model breaks the goal (which must have no tasks yet) into at
   * most 20 tasks with their dependencies, suggested agents and approvals, stored together.
   * 502 when the model's plan cannot be read or breaks a rule (a cycle, an unknown agent, too many tasks).
   */
  @Post('{goal_id}/decompose')
  @Response<ErrorResponse>(404, 'No such goal of yours')
  @Response<ErrorResponse>(409, 'The goal already has tasks, or is completed, failed or cancelled')
  @Response<ErrorResponse>(502, 'The model gave no usable plan')
  public async decompose(@Request() request: ExpressRequest, @Path() goal_id: string): Promise<GoalDecompositionResponse> {
    return toGoalDecompositionResponse(await this.planner.decompose(actorOf(request), goal_id));
  }

  /**
   * Replaces the goal's failed and pending tasks by a new plan (one model call given what completed,
   * with its results, and what failed, with its reasons); completed tasks stay and new tasks may
   * depend on them. 409 while a task is claimed or awaiting approval, or when nothing is unfinished.
   */
  @Post('{goal_id}/replan')
  @Response<ErrorResponse>(404, 'No such goal of yours')
  @Response<ErrorResponse>(409, 'Work under way, nothing unfinished, no tasks yet, or the goal is finished')
  @Response<ErrorResponse>(502, 'The model gave no usable plan')
  public async replan(@Request() request: ExpressRequest, @Path() goal_id: string): Promise<GoalDecompositionResponse> {
    return toGoalDecompositionResponse(await this.planner.replan(actorOf(request), goal_id));
  }

  /**
   * One turn of a conversation about the goal: the model answers `message` and may add, change or
   * drop pending tasks; the changes are applied together and listed. No memory between turns.
   */
  @Post('{goal_id}/interact')
  @Response<ErrorResponse>(404, 'No such goal of yours')
  @Response<ErrorResponse>(409, 'The goal is finished, or its tasks changed meanwhile')
  @Response<ErrorResponse>(422, 'Empty or too long message')
  @Response<ErrorResponse>(502, 'The model gave no usable answer')
  public async interact(@Request() request: ExpressRequest, @Path() goal_id: string, @Body() body: GoalInteractRequest): Promise<GoalInteractionResponse> {
    return toGoalInteractionResponse(await this.conversation.interact(actorOf(request), goal_id, body.message));
  }

  /**
   * Runs the goal in the background and answers 202 with the goal: a draft is decomposed first when
   * it has no tasks, then started. Each available task is executed by its agent, results feed the
   * tasks that depend on them, a task awaiting approval parks its branch (approving it moves the run
   * on), a failed task is retried once; the goal ends `completed` or `failed` (the owner is notified).
   */
  @Post('{goal_id}/execute-async')
  @SuccessResponse(202, 'Accepted')
  @Response<ErrorResponse>(404, 'No such goal of yours')
  @Response<ErrorResponse>(409, 'The goal is paused, completed, failed or cancelled')
  @Response<ErrorResponse>(502, 'The model gave no usable plan for a draft without tasks')
  public async executeAsync(@Request() request: ExpressRequest, @Path() goal_id: string): Promise<GoalResponse> {
    const goal = await this.runner.executeAsync(actorOf(request), goal_id);
    this.setStatus(202);
    return toGoalResponse(goal);
  }

  /** The goal with every task in it, oldest first; `depends_on` links the tasks into their graph. */
  @Get('{goal_id}/tasks')
  @Response<ErrorResponse>(404, 'No such goal of yours')
  public async tasks(@Request() request: ExpressRequest, @Path() goal_id: string): Promise<GoalTaskTreeResponse> {
    const { goal, tasks } = await this.tree.of(actorOf(request), goal_id);
    return toGoalTaskTreeResponse(goal, tasks);
  }
}
