import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Path, Post, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { ExecutionStarter } from '../../../core/services/executions/execution-starter.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import { AgentExecuteRequest, ExecutionResponse } from '../dto/execution.dto';
import { toExecutionRequest } from '../mappers/execution-request.mapper';
import { toExecutionResponse } from '../mappers/execution.mapper';

/** Runs an agent in one of the five modes (docs/executions.md). */
@injectable()
@Route('api/v1/agents')
@Tags('Agents')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class AgentExecutionController extends Controller {
  constructor(@inject(ExecutionStarter) private readonly starter: ExecutionStarter) {
    super();
  }

  /**
   * Runs the agent and answers the finished execution record (200), waiting at most
   * `EXECUTE_WAIT_SECONDS`; past it, or with `"async": true` at once, 202 with the record as it
   * stands (follow it at `GET /executions/{id}`). Owners may execute their agents in any status,
   * others only deployed ones.
   */
  @Post('{agent_id}/execute')
  @SuccessResponse(200, 'The run ended: completed, failed or cancelled')
  @Response<ExecutionResponse>(202, 'Queued (`async`), or still running past the wait')
  @Response<ErrorResponse>(404, 'No such agent, or not yours to run')
  @Response<ErrorResponse>(422, 'Invalid request, or a workflow_config the mode cannot run')
  @Response<ErrorResponse>(429, 'rate_limited: too many executions started this minute; see Retry-After')
  public async execute(@Request() request: ExpressRequest, @Path() agent_id: string, @Body() body: AgentExecuteRequest): Promise<ExecutionResponse> {
    const started = await this.starter.start(actorOf(request), { type: 'agent', id: agent_id }, toExecutionRequest(body));
    this.setStatus(started.finished ? 200 : 202);
    return toExecutionResponse(started.execution);
  }
}
