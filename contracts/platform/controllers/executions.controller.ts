import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Get, Path, Post, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { ExecutionManager } from '../../../core/services/executions/execution-manager.service';
import { ExecutionStarter } from '../../../core/services/executions/execution-starter.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import { ExecutionCreateRequest, ExecutionPageResponse, ExecutionResponse } from '../dto/execution.dto';
import { toExecutionRequest } from '../mappers/execution-request.mapper';
import { toExecutionPageResponse, toExecutionResponse } from '../mappers/execution.mapper';

/** Executions of agents and workflows: start, follow, list, pause, resume, cancel (docs/executions.md). Another user's execution is 404. */
@injectable()
@Route('api/v1/executions')
@Tags('Executions')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class ExecutionsController extends Controller {
  constructor(
    @inject(ExecutionStarter) private readonly starter: ExecutionStarter,
    @inject(ExecutionManager) private readonly manager: ExecutionManager,
  ) {
    super();
  }

  /** Starts an execution of an agent (any mode) or a workflow (`graph`); answers as `POST /agents/{agent_id}/execute` does. */
  @Post()
  @SuccessResponse(200, 'The run ended: completed, failed or cancelled')
  @Response<ExecutionResponse>(202, 'Queued (`async`), or still running past the wait')
  @Response<ErrorResponse>(404, 'No such agent or workflow, or not yours to run')
  @Response<ErrorResponse>(422, 'Invalid request, or a target the mode cannot run')
  @Response<ErrorResponse>(429, 'rate_limited: too many executions started this minute; see Retry-After')
  public async create(@Request() request: ExpressRequest, @Body() body: ExecutionCreateRequest): Promise<ExecutionResponse> {
    const started = await this.starter.start(actorOf(request), { type: body.target_type, id: body.target_id }, toExecutionRequest(body));
    this.setStatus(started.finished ? 200 : 202);
    return toExecutionResponse(started.execution);
  }

  /** Your executions (an admin's: everyone's), newest first. */
  @Get()
  @Response<ErrorResponse>(422, 'Unknown target_type or status, or bad pagination')
  public async list(
    @Request() request: ExpressRequest,
    @Query() target_type?: string,
    @Query() target_id?: string,
    @Query() status?: string,
    @Query() page?: number,
    @Query() page_size?: number,
  ): Promise<ExecutionPageResponse> {
    const filter = { targetType: target_type, targetId: target_id, status, page, pageSize: page_size };
    return toExecutionPageResponse(await this.manager.list(actorOf(request), filter));
  }

  /** The record as it stands: its status, output and steps so far. */
  @Get('{execution_id}')
  @Response<ErrorResponse>(404, 'No such execution')
  public async get(@Request() request: ExpressRequest, @Path() execution_id: string): Promise<ExecutionResponse> {
    return toExecutionResponse(await this.manager.get(actorOf(request), execution_id));
  }

  /** A running execution stops at its next step boundary, keeping its progress (`paused`). */
  @Post('{execution_id}/pause')
  @Response<ErrorResponse>(404, 'No such execution')
  @Response<ErrorResponse>(409, 'Not running')
  public async pause(@Request() request: ExpressRequest, @Path() execution_id: string): Promise<ExecutionResponse> {
    return toExecutionResponse(await this.manager.pause(actorOf(request), execution_id));
  }

  /** A paused execution goes on from its progress: `running` again, or `pending` once more when it has to be queued. */
  @Post('{execution_id}/resume')
  @Response<ErrorResponse>(404, 'No such execution')
  @Response<ErrorResponse>(409, 'Not paused')
  public async resume(@Request() request: ExpressRequest, @Path() execution_id: string): Promise<ExecutionResponse> {
    return toExecutionResponse(await this.manager.resume(actorOf(request), execution_id));
  }

  /** A pending, running or paused execution is cancelled at once; a run in progress is aborted. */
  @Post('{execution_id}/cancel')
  @Response<ErrorResponse>(404, 'No such execution')
  @Response<ErrorResponse>(409, 'Already finished')
  public async cancel(@Request() request: ExpressRequest, @Path() execution_id: string): Promise<ExecutionResponse> {
    return toExecutionResponse(await this.manager.cancel(actorOf(request), execution_id));
  }
}
