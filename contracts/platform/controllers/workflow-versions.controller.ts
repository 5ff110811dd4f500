import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Controller, Get, Path, Post, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { WorkflowHistory } from '../../../core/services/workflows/workflow-history.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import { WorkflowResponse } from '../dto/workflow.dto';
import { WorkflowDiffResponse, WorkflowVersionPageResponse, WorkflowVersionResponse } from '../dto/workflow-version.dto';
import { toWorkflowDiffResponse, toWorkflowVersionPageResponse, toWorkflowVersionResponse } from '../mappers/workflow-version.mapper';
import { toWorkflowResponse } from '../mappers/workflow.mapper';

/** A workflow's version history: creation is version 1, every PUT and rollback the next; history is never rewritten. */
@injectable()
@Route('api/v1/workflows')
@Tags('Workflows')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class WorkflowVersionsController extends Controller {
  constructor(@inject(WorkflowHistory) private readonly history: WorkflowHistory) {
    super();
  }

  /**
   * The versions, newest first, without their graphs.
   * @isInt page
   * @isInt page_size
   */
  @Get('{workflow_id}/versions')
  @Response<ErrorResponse>(404, 'No such workflow of yours')
  @Response<ErrorResponse>(422, 'Invalid pagination')
  public async list(
    @Request() request: ExpressRequest,
    @Path() workflow_id: string,
    @Query() page?: number,
    @Query() page_size?: number,
  ): Promise<WorkflowVersionPageResponse> {
    return toWorkflowVersionPageResponse(await this.history.list(actorOf(request), workflow_id, page, page_size));
  }

  /**
   * What version `v` held: name, description, nodes and edges.
   * @isInt v
   */
  @Get('{workflow_id}/versions/{v}')
  @Response<ErrorResponse>(404, 'No such workflow of yours, or no such version')
  public async get(@Request() request: ExpressRequest, @Path() workflow_id: string, @Path() v: number): Promise<WorkflowVersionResponse> {
    return toWorkflowVersionResponse(await this.history.get(actorOf(request), workflow_id, v));
  }

  /**
   * Makes a new version equal to version `v` and answers the workflow.
   * @isInt v
   */
  @Post('{workflow_id}/versions/{v}/rollback')
  @Response<ErrorResponse>(404, 'No such workflow of yours, or no such version')
  @Response<ErrorResponse>(409, 'The workflow changed meanwhile')
  @Response<ErrorResponse>(422, 'The version is not valid under today’s rules')
  public async rollback(@Request() request: ExpressRequest, @Path() workflow_id: string, @Path() v: number): Promise<WorkflowResponse> {
    return toWorkflowResponse(await this.history.rollback(actorOf(request), workflow_id, v));
  }

  /**
   * What changed from version `a` to version `b`: name, description, and the nodes and edges added, removed and changed.
   * @isInt a
   * @isInt b
   */
  @Get('{workflow_id}/versions/{a}/diff/{b}')
  @Response<ErrorResponse>(404, 'No such workflow of yours, or no such version')
  public async diff(@Request() request: ExpressRequest, @Path() workflow_id: string, @Path() a: number, @Path() b: number): Promise<WorkflowDiffResponse> {
    return toWorkflowDiffResponse(workflow_id, await this.history.diff(actorOf(request), workflow_id, a, b));
  }
}
