import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Post, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { WorkflowBatchExecutor } from '../../../core/services/batch/workflow-batch-executor.service';
import { WorkflowBatchExporter } from '../../../core/services/batch/workflow-batch-exporter.service';
import { WorkflowBatchRemover } from '../../../core/services/batch/workflow-batch-remover.service';
import { JsonValue } from '../../../core/shared/json';
import { actorOf } from '../auth/actor-of';
import { BatchDeleteResponse, BatchExecuteRequest, BatchExecuteResponse, BatchExportResponse, BatchWorkflowsRequest } from '../dto/batch.dto';
import { ErrorResponse } from '../dto/error.dto';
import { toBatchDeleteResponse, toBatchExecuteResponse, toBatchExportResponse } from '../mappers/batch.mapper';

/**
 * Many workflows at once (docs/workflows.md, "Batch"). Each id gets one item with what the single
 * endpoint would have answered; an item's failure (404 for another user's or a missing workflow)
 * never fails the batch, which is refused whole only for a malformed body.
 */
@injectable()
@Route('api/v1/batch')
@Tags('Batch')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
@Response<ErrorResponse>(422, 'workflow_ids is not 1 to 100 distinct UUIDs')
export class BatchController extends Controller {
  constructor(
    @inject(WorkflowBatchExecutor) private readonly executor: WorkflowBatchExecutor,
    @inject(WorkflowBatchExporter) private readonly exporter: WorkflowBatchExporter,
    @inject(WorkflowBatchRemover) private readonly remover: WorkflowBatchRemover,
  ) {
    super();
  }

  /**
   * Queues a run of each workflow's current version, as `POST /workflows/{id}/execute` with
   * `"async": true`; each item names its `pending` execution. Every start counts toward
   * `EXECUTIONS_PER_MINUTE`: the ids past the limit are items `rate_limited`.
   */
  @Post('execute')
  public async execute(@Request() request: ExpressRequest, @Body() body: BatchExecuteRequest): Promise<BatchExecuteResponse> {
    // A parsed JSON body holds JSON values only.
    const input = (body.input ?? {}) as JsonValue;
    return toBatchExecuteResponse(await this.executor.execute(actorOf(request), body.workflow_ids, input));
  }

  /** Each workflow's export file, as `GET /workflows/{id}/export` answers it. */
  @Post('export')
  public async export(@Request() request: ExpressRequest, @Body() body: BatchWorkflowsRequest): Promise<BatchExportResponse> {
    return toBatchExportResponse(await this.exporter.exportEach(actorOf(request), body.workflow_ids));
  }

  /** Deletes each workflow with its versions, schedules and executions, as `DELETE /workflows/{id}`; each delete is its own transaction. */
  @Post('delete')
  public async remove(@Request() request: ExpressRequest, @Body() body: BatchWorkflowsRequest): Promise<BatchDeleteResponse> {
    return toBatchDeleteResponse(await this.remover.removeEach(actorOf(request), body.workflow_ids));
  }
}
