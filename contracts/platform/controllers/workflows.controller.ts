import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Delete, Get, Path, Post, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { WorkflowManager } from '../../../core/services/workflows/workflow-manager.service';
import { WorkflowPayloadCheck } from '../../../core/services/workflows/workflow-payload-check';
import { WorkflowPorter } from '../../../core/services/workflows/workflow-porter.service';
import { WorkflowRemover } from '../../../core/services/workflows/workflow-remover.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import {
  WorkflowExportResponse,
  WorkflowPageResponse,
  WorkflowPayloadRequest,
  WorkflowResponse,
  WorkflowValidateRequest,
  WorkflowValidationResponse,
} from '../dto/workflow.dto';
import { toWorkflowPayloadInput } from '../mappers/workflow-request.mapper';
import {
  toWorkflowExportResponse,
  toWorkflowPageResponse,
  toWorkflowResponse,
  toWorkflowValidationResponse,
  workflowFileName,
} from '../mappers/workflow.mapper';

/**
 * Workflows (docs/workflows.md, "HTTP API"). A workflow is its owner's: users see and change only
 * their own, admins every one; another user's workflow is 404. Versions, templates and execute
 * live in their own controllers.
 */
@injectable()
@Route('api/v1/workflows')
@Tags('Workflows')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class WorkflowsController extends Controller {
  constructor(
    @inject(WorkflowManager) private readonly manager: WorkflowManager,
    @inject(WorkflowRemover) private readonly remover: WorkflowRemover,
    @inject(WorkflowPorter) private readonly porter: WorkflowPorter,
    @inject(WorkflowPayloadCheck) private readonly check: WorkflowPayloadCheck,
  ) {
    super();
  }

  /**
   * Your workflows (admins: everyone's), newest first.
   * @param search Substring of the name or description (case-insensitive for ASCII letters; `%` and `_` are literal), at most 200 characters.
   * @isInt page
   * @isInt page_size
   */
  @Get()
  @Response<ErrorResponse>(422, 'Invalid search or pagination')
  public async list(
    @Request() request: ExpressRequest,
    @Query() page?: number,
    @Query() page_size?: number,
    @Query() search?: string,
  ): Promise<WorkflowPageResponse> {
    return toWorkflowPageResponse(await this.manager.list(actorOf(request), { page, pageSize: page_size, search }));
  }

  /** Creates a workflow of yours at version 1; refused whole (422, every issue in `details` with its `node_id`) when anything is invalid. */
  @Post()
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(422, 'Invalid workflow')
  public async create(@Request() request: ExpressRequest, @Body() body: WorkflowPayloadRequest): Promise<WorkflowResponse> {
    const workflow = await this.manager.create(actorOf(request), toWorkflowPayloadInput(body));
    this.setStatus(201);
    return toWorkflowResponse(workflow);
  }

  /** Checks a graph as a save would, storing nothing: `{valid, errors: [{node_id, field, message}]}`. */
  @Post('validate')
  public async validate(@Body() body: WorkflowValidateRequest): Promise<WorkflowValidationResponse> {
    return toWorkflowValidationResponse(this.check.graphIssues(body));
  }

  /** Creates a workflow of yours from an export file; its ids, owner, version and times are not read. Validated like a create. */
  @Post('import')
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(422, 'Invalid workflow')
  public async import(@Request() request: ExpressRequest, @Body() body: WorkflowPayloadRequest): Promise<WorkflowResponse> {
    const workflow = await this.porter.import(actorOf(request), toWorkflowPayloadInput(body));
    this.setStatus(201);
    return toWorkflowResponse(workflow);
  }

  @Get('{workflow_id}')
  @Response<ErrorResponse>(404, 'No such workflow of yours')
  public async get(@Request() request: ExpressRequest, @Path() workflow_id: string): Promise<WorkflowResponse> {
    return toWorkflowResponse(await this.manager.get(actorOf(request), workflow_id));
  }

  /** Replaces name, description, nodes and edges; the workflow becomes its next version. */
  @Put('{workflow_id}')
  @Response<ErrorResponse>(404, 'No such workflow of yours')
  @Response<ErrorResponse>(409, 'The workflow changed meanwhile')
  @Response<ErrorResponse>(422, 'Invalid workflow')
  public async update(@Request() request: ExpressRequest, @Path() workflow_id: string, @Body() body: WorkflowPayloadRequest): Promise<WorkflowResponse> {
    return toWorkflowResponse(await this.manager.update(actorOf(request), workflow_id, toWorkflowPayloadInput(body)));
  }

  /** Deletes the workflow with its versions, schedules and executions. */
  @Delete('{workflow_id}')
  @SuccessResponse(204, 'Deleted')
  @Response<ErrorResponse>(404, 'No such workflow of yours')
  public async remove(@Request() request: ExpressRequest, @Path() workflow_id: string): Promise<void> {
    await this.remover.remove(actorOf(request), workflow_id);
    this.setStatus(204);
  }

  /** The workflow as a JSON file (`name, description, nodes, edges, version, exported_at`), for `POST /workflows/import`. */
  @Get('{workflow_id}/export')
  @Response<ErrorResponse>(404, 'No such workflow of yours')
  public async export(@Request() request: ExpressRequest, @Path() workflow_id: string): Promise<WorkflowExportResponse> {
    const file = await this.porter.exportWorkflow(actorOf(request), workflow_id);
    this.setHeader('Content-Disposition', `attachment; filename="${workflowFileName(file)}"`);
    return toWorkflowExportResponse(file);
  }
}
