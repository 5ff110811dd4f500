import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Get, Path, Post, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { WorkflowTemplates } from '../../../core/services/workflows/workflow-templates.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import { WorkflowFromTemplateRequest, WorkflowTemplateListResponse, WorkflowTemplateResponse } from '../dto/workflow-template.dto';
import { WorkflowResponse } from '../dto/workflow.dto';
import { toWorkflowTemplateListResponse, toWorkflowTemplateResponse } from '../mappers/workflow-template.mapper';
import { toWorkflowResponse } from '../mappers/workflow.mapper';

/** The built-in workflow templates, and workflows created from them. */
@injectable()
@Route('api/v1/workflows/templates')
@Tags('Workflows')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class WorkflowTemplatesController extends Controller {
  constructor(@inject(WorkflowTemplates) private readonly templates: WorkflowTemplates) {
    super();
  }

  /** Every template (a fixed catalogue): `{items, total}`. */
  @Get()
  public async list(): Promise<WorkflowTemplateListResponse> {
    return toWorkflowTemplateListResponse(this.templates.list());
  }

  /** The template with its graph and an example input. */
  @Get('{template_id}')
  @Response<ErrorResponse>(404, 'No such template')
  public async get(@Path() template_id: string): Promise<WorkflowTemplateResponse> {
    return toWorkflowTemplateResponse(this.templates.get(template_id));
  }

  /** A new workflow of yours at version 1 holding the template's graph, named as the template unless the body names it. */
  @Post('{template_id}/create')
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(404, 'No such template')
  @Response<ErrorResponse>(422, 'Invalid name or description')
  public async create(@Request() request: ExpressRequest, @Path() template_id: string, @Body() body?: WorkflowFromTemplateRequest): Promise<WorkflowResponse> {
    const workflow = await this.templates.createFrom(actorOf(request), template_id, body ?? {});
    this.setStatus(201);
    return toWorkflowResponse(workflow);
  }
}
