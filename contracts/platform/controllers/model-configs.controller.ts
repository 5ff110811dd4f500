import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Delete, Get, Path, Post, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { ModelConfigCatalog } from '../../../core/services/model-configs/model-config-catalog.service';
import { ModelConfigManager } from '../../../core/services/model-configs/model-config-manager.service';
import { ModelConfigTester } from '../../../core/services/model-configs/model-config-tester.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import {
  ModelConfigCreateRequest,
  ModelConfigPageResponse,
  ModelConfigResponse,
  ModelConfigTestResponse,
  ModelConfigUpdateRequest,
} from '../dto/model-config.dto';
import {
  toModelConfigDraft,
  toModelConfigPageResponse,
  toModelConfigPatch,
  toModelConfigResponse,
  toModelConfigTestResponse,
} from '../mappers/model-config.mapper';

/** Your LLM model configurations and their connection test (docs/model-configs.md). Admins see everyone's. */
@injectable()
@Route('api/v1/model-configs')
@Tags('Model configurations')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class ModelConfigsController extends Controller {
  constructor(
    @inject(ModelConfigCatalog) private readonly catalog: ModelConfigCatalog,
    @inject(ModelConfigManager) private readonly manager: ModelConfigManager,
    @inject(ModelConfigTester) private readonly tester: ModelConfigTester,
  ) {
    super();
  }

  /** Your configurations (all of them for an admin), by name. */
  @Get()
  @Response<ErrorResponse>(422, 'Bad pagination')
  public async list(@Request() request: ExpressRequest, @Query() page?: number, @Query() page_size?: number): Promise<ModelConfigPageResponse> {
    return toModelConfigPageResponse(await this.catalog.list(actorOf(request), { page, pageSize: page_size }));
  }

  /** Creates a configuration; its API key is stored encrypted and never returned. */
  @Post()
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(409, 'You already have a configuration of that name')
  @Response<ErrorResponse>(422, 'Invalid configuration, or forbidden_target: the egress guard refuses the base URL')
  public async create(@Request() request: ExpressRequest, @Body() body: ModelConfigCreateRequest): Promise<ModelConfigResponse> {
    const config = await this.manager.create(actorOf(request), toModelConfigDraft(body));
    this.setStatus(201);
    return toModelConfigResponse(config);
  }

  /** One configuration. Another user's is 404. */
  @Get('{id}')
  @Response<ErrorResponse>(404, 'No such configuration')
  public async get(@Request() request: ExpressRequest, @Path() id: string): Promise<ModelConfigResponse> {
    return toModelConfigResponse(await this.catalog.get(actorOf(request), id));
  }

  /** Changes a configuration; `is_default: true` makes it your default. Without `api_key` the stored key stays. */
  @Put('{id}')
  @Response<ErrorResponse>(404, 'No such configuration')
  @Response<ErrorResponse>(409, 'Name taken')
  @Response<ErrorResponse>(422, 'Invalid configuration, or forbidden_target: the egress guard refuses the base URL')
  public async update(@Request() request: ExpressRequest, @Path() id: string, @Body() body: ModelConfigUpdateRequest): Promise<ModelConfigResponse> {
    return toModelConfigResponse(await this.manager.update(actorOf(request), id, toModelConfigPatch(body)));
  }

  /** Deletes a configuration; agents bound to it fall back to the provider they name. */
  @Delete('{id}')
  @SuccessResponse(204, 'Deleted')
  @Response<ErrorResponse>(404, 'No such configuration')
  public async remove(@Request() request: ExpressRequest, @Path() id: string): Promise<void> {
    await this.manager.delete(actorOf(request), id);
    this.setStatus(204);
  }

  /** One short chat call with this configuration. A failing model is 200 with `success: false`. Rate-limited per user. */
  @Post('{id}/test')
  @Response<ErrorResponse>(404, 'No such configuration')
  @Response<ErrorResponse>(429, 'Too many tests; see Retry-After')
  public async test(@Request() request: ExpressRequest, @Path() id: string): Promise<ModelConfigTestResponse> {
    return toModelConfigTestResponse(await this.tester.test(actorOf(request), id));
  }
}
