import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Delete, Get, Path, Post, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { NodeTemplateCatalog } from '../../../core/services/node-templates/node-template-catalog.service';
import { NodeTemplateInstantiator } from '../../../core/services/node-templates/node-template-instantiator.service';
import { NodeTemplateManager } from '../../../core/services/node-templates/node-template-manager.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import {
  NodeTemplateCreateRequest,
  NodeTemplateInstantiateRequest,
  NodeTemplatePageResponse,
  NodeTemplateResponse,
  NodeTemplateUpdateRequest,
  WorkflowNodeResponse,
} from '../dto/node-template.dto';
import * as mapper from '../mappers/node-template.mapper';

/** Your saved node configurations (docs/workflows.md "Node templates"); anyone else's is 404. */
@injectable()
@Route('api/v1/node-templates')
@Tags('Node templates')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class NodeTemplatesController extends Controller {
  constructor(
    @inject(NodeTemplateCatalog) private readonly catalog: NodeTemplateCatalog,
    @inject(NodeTemplateManager) private readonly manager: NodeTemplateManager,
    @inject(NodeTemplateInstantiator) private readonly instantiator: NodeTemplateInstantiator,
  ) {
    super();
  }

  /**
   * Your templates, most recently changed first.
   * @param node_type Only templates of this node type.
   * @isInt page
   * @isInt page_size
   */
  @Get()
  @Response<ErrorResponse>(422, 'Invalid filter or pagination')
  public async list(
    @Request() request: ExpressRequest,
    @Query() page?: number,
    @Query() page_size?: number,
    @Query() node_type?: string,
  ): Promise<NodeTemplatePageResponse> {
    return mapper.toNodeTemplatePageResponse(await this.catalog.list(actorOf(request), { page, pageSize: page_size, nodeType: node_type }));
  }

  /** Saves a node configuration; the config must be valid for the node type. */
  @Post()
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(422, 'Unknown node type, a config its schema refuses, or invalid fields')
  @Response<ErrorResponse>(429, 'You keep 500 templates already')
  public async create(@Request() request: ExpressRequest, @Body() body: NodeTemplateCreateRequest): Promise<NodeTemplateResponse> {
    const template = await this.manager.create(actorOf(request), mapper.toNodeTemplateDraft(body));
    this.setStatus(201);
    return mapper.toNodeTemplateResponse(template);
  }

  @Get('{template_id}')
  @Response<ErrorResponse>(404, 'No such template of yours')
  public async get(@Request() request: ExpressRequest, @Path() template_id: string): Promise<NodeTemplateResponse> {
    return mapper.toNodeTemplateResponse(await this.catalog.get(actorOf(request), template_id));
  }

  /** Changes the fields the body holds. */
  @Put('{template_id}')
  @Response<ErrorResponse>(404, 'No such template of yours')
  @Response<ErrorResponse>(422, 'Unknown node type, a config its schema refuses, or invalid fields')
  public async update(@Request() request: ExpressRequest, @Path() template_id: string, @Body() body: NodeTemplateUpdateRequest): Promise<NodeTemplateResponse> {
    return mapper.toNodeTemplateResponse(await this.manager.update(actorOf(request), template_id, mapper.toNodeTemplatePatch(body)));
  }

  @Delete('{template_id}')
  @SuccessResponse(204, 'Deleted')
  @Response<ErrorResponse>(404, 'No such template of yours')
  public async remove(@Request() request: ExpressRequest, @Path() template_id: string): Promise<void> {
    await this.manager.delete(actorOf(request), template_id);
    this.setStatus(204);
  }

  /** A workflow node made from the template, ready to put in a graph; nothing is stored. */
  @Post('{template_id}/instantiate')
  @Response<ErrorResponse>(404, 'No such template of yours')
  @Response<ErrorResponse>(422, 'An invalid node id, or a config its node type no longer accepts')
  public async instantiate(
    @Request() request: ExpressRequest,
    @Path() template_id: string,
    @Body() body?: NodeTemplateInstantiateRequest,
  ): Promise<WorkflowNodeResponse> {
    return mapper.toWorkflowNodeResponse(await this.instantiator.instantiate(actorOf(request), template_id, body?.node_id));
  }
}
