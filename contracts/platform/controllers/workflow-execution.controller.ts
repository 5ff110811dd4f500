import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Path, Post, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { ExecutionStarter } from '../../../core/services/executions/execution-starter.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import { ExecutionResponse } from '../dto/execution.dto';
import { WorkflowExecuteRequest } from '../dto/workflow.dto';
import { toExecutionResponse } from '../mappers/execution.mapper';
import { toWorkflowExecutionRequest } from '../mappers/workflow-request.mapper';

/** Runs a workflow (docs/workflows.md, docs/executions.md). */
@injectable()
@Route('api/v1/workflows')
@Tags('Workflows')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class WorkflowExecutionController extends Controller {
  constructor(@inject(ExecutionStarter) private readonly starter: ExecutionStarter) {
    super();
  }

  /**
   * Runs the workflow's current version and answers the finished execution record (200), waiting
   * at most `EXECUTE_WAIT_SECONDS`; past it, or with `"async": true` at once, 202 with the record as
   * it stands (follow it at `GET /executions/{id}`). The execution pins the version it started
   * with (`target_version`): edits made while it is queued, running or paused do not change what it runs.
   */
  @Post('{workflow_id}/execute')
  @SuccessResponse(200, 'The run ended: completed, failed or cancelled')
  @Response<ExecutionResponse>(202, 'Queued (`async`), or still running past the wait')
  @Response<ErrorResponse>(404, 'No such workflow of yours')
  @Response<ErrorResponse>(429, 'rate_limited: too many executions started this minute; see Retry-After')
  public async execute(@Request() request: ExpressRequest, @Path() workflow_id: string, @Body() body: WorkflowExecuteRequest): Promise<ExecutionResponse> {
    const started = await this.starter.start(actorOf(request), { type: 'workflow', id: workflow_id }, toWorkflowExecutionRequest(body));
    this.setStatus(started.finished ? 200 : 202);
    return toExecutionResponse(started.execution);
  }
}
