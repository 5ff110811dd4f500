import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Delete, Get, Path, Post, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { ScheduleEditor } from '../../../core/services/schedules/schedule-editor.service';
import { ScheduleManager } from '../../../core/services/schedules/schedule-manager.service';
import { actorOf } from '../auth/actor-of';
import { AgentScheduleCreateRequest, AgentSchedulePageResponse, AgentScheduleResponse, AgentScheduleUpdateRequest } from '../dto/agent-schedule.dto';
import { ErrorResponse } from '../dto/error.dto';
import { ExecutionResponse } from '../dto/execution.dto';
import { toNewScheduleInput, toSchedulePatch } from '../mappers/agent-schedule-request.mapper';
import { toAgentSchedulePageResponse, toAgentScheduleResponse } from '../mappers/agent-schedule.mapper';
import { toExecutionResponse } from '../mappers/execution.mapper';

/**
 * Schedules that run an agent (or a workflow) as their owner, by cron or once (docs/schedules.md).
 * Owner or admin; another user's schedule is 404.
 */
@injectable()
@Route('api/v1/agent-schedules')
@Tags('Agent schedules')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class AgentSchedulesController extends Controller {
  constructor(
    @inject(ScheduleManager) private readonly manager: ScheduleManager,
    @inject(ScheduleEditor) private readonly editor: ScheduleEditor,
  ) {
    super();
  }

  /**
   * Your schedules (an admin's: everyone's), newest first.
   * @param target_type `agent` or `workflow`.
   * @isInt page
   * @isInt page_size
   */
  @Get()
  @Response<ErrorResponse>(422, 'Invalid filter or pagination')
  public async list(
    @Request() request: ExpressRequest,
    @Query() page?: number,
    @Query() page_size?: number,
    @Query() target_type?: string,
    @Query() target_id?: string,
    @Query() enabled?: boolean,
  ): Promise<AgentSchedulePageResponse> {
    const filter = { page, pageSize: page_size, targetType: target_type, targetId: target_id, enabled };
    return toAgentSchedulePageResponse(await this.manager.list(actorOf(request), filter));
  }

  /** Creates a schedule of yours; you must be allowed to run the target (your agent or workflow, or a deployed agent). */
  @Post()
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(404, 'No such agent or workflow that you may run')
  @Response<ErrorResponse>(409, 'You already keep the most schedules one user may (100)')
  @Response<ErrorResponse>(422, 'Invalid schedule: every problem listed in details')
  @Response<ErrorResponse>(429, 'quota_exceeded: schedules created today (SCHEDULES_DAILY_QUOTA)')
  public async create(@Request() request: ExpressRequest, @Body() body: AgentScheduleCreateRequest): Promise<AgentScheduleResponse> {
    const schedule = await this.manager.create(actorOf(request), toNewScheduleInput(body));
    this.setStatus(201);
    return toAgentScheduleResponse(schedule);
  }

  /** Changes the fields given; the next run is worked out again from now. */
  @Put('{schedule_id}')
  @Response<ErrorResponse>(404, 'No such schedule, or a new target its owner may not run')
  @Response<ErrorResponse>(409, 'The schedule kept firing while it was edited; try again')
  @Response<ErrorResponse>(422, 'Invalid schedule: every problem listed in details')
  public async update(
    @Request() request: ExpressRequest,
    @Path() schedule_id: string,
    @Body() body: AgentScheduleUpdateRequest,
  ): Promise<AgentScheduleResponse> {
    return toAgentScheduleResponse(await this.editor.update(actorOf(request), schedule_id, toSchedulePatch(body)));
  }

  @Delete('{schedule_id}')
  @SuccessResponse(204, 'Deleted')
  @Response<ErrorResponse>(404, 'No such schedule')
  public async remove(@Request() request: ExpressRequest, @Path() schedule_id: string): Promise<void> {
    await this.editor.remove(actorOf(request), schedule_id);
    this.setStatus(204);
  }

  /**
   * Runs the target now, queued, as you (`trigger: "api"`): 202 with the pending execution; follow it at
   * `GET /executions/{id}`. The next scheduled run does not move; a disabled schedule can be triggered too.
   */
  @Post('{schedule_id}/trigger')
  @SuccessResponse(202, 'Queued')
  @Response<ErrorResponse>(404, 'No such schedule, or its target is gone or no longer yours to run')
  @Response<ErrorResponse>(429, 'rate_limited: too many executions started this minute; see Retry-After')
  public async trigger(@Request() request: ExpressRequest, @Path() schedule_id: string): Promise<ExecutionResponse> {
    const execution = await this.manager.trigger(actorOf(request), schedule_id);
    this.setStatus(202);
    return toExecutionResponse(execution);
  }
}
