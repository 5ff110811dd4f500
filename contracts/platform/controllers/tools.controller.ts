import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Delete, Get, Path, Post, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { CustomToolManager } from '../../../core/services/tools/custom-tool-manager.service';
import { ToolCatalog } from '../../../core/services/tools/tool-catalog.service';
import { ToolRunner } from '../../../core/services/tools/tool-runner.service';
import { ToolTester } from '../../../core/services/tools/tool-tester.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import {
  ToolCatalogueResponse,
  ToolCategoryListResponse,
  ToolCodeTestRequest,
  ToolCodeTestResponse,
  ToolCreateRequest,
  ToolHttpTestRequest,
  ToolHttpTestResponse,
  ToolPageResponse,
  ToolResponse,
  ToolUpdateRequest,
  ToolUseRequest,
  ToolUseResponse,
} from '../dto/tool.dto';
import { toCodeTestRequest, toCustomToolPatch, toCustomToolSpec, toHttpTestRequest, toToolArguments } from '../mappers/tool-request.mapper';
import { toCategoryResponse, toCodeTestResponse, toToolPageResponse, toToolResponse, toToolUseResponse } from '../mappers/tool.mapper';

/** Built-in tools, market plugins and the caller's custom tools (docs/tools-api.md). */
@injectable()
@Route('api/v1/tools')
@Tags('Tools')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class ToolsController extends Controller {
  constructor(
    @inject(ToolCatalog) private readonly catalog: ToolCatalog,
    @inject(CustomToolManager) private readonly manager: CustomToolManager,
    @inject(ToolRunner) private readonly runner: ToolRunner,
    @inject(ToolTester) private readonly tester: ToolTester,
  ) {
    super();
  }

  /** Built-in tools and enabled plugins (by id), then custom tools (by name): yours, or all for an admin. */
  @Get()
  @Response<ErrorResponse>(422, 'Unknown category or kind, or bad pagination')
  public async list(
    @Request() request: ExpressRequest,
    @Query() category?: string,
    @Query() search?: string,
    @Query() kind?: string,
    @Query() page?: number,
    @Query() page_size?: number,
  ): Promise<ToolPageResponse> {
    const result = await this.catalog.list(actorOf(request), { category, search, kind, page, pageSize: page_size });
    return toToolPageResponse(result);
  }

  /** The 11 categories with how many tools you can see in each. */
  @Get('categories')
  public async categories(@Request() request: ExpressRequest): Promise<ToolCategoryListResponse> {
    const items = (await this.catalog.categories(actorOf(request))).map(toCategoryResponse);
    return { items, total: items.length };
  }

  /** Every built-in tool loaded by the kernel. */
  @Get('builtin')
  public async builtin(): Promise<ToolCatalogueResponse> {
    const items = this.catalog.builtin().map((descriptor) => toToolResponse({ source: 'registry', descriptor }));
    return { items, total: items.length };
  }

  /** Sends one request through the egress guard. Rate-limited per user. */
  @Post('test/http')
  @Response<ErrorResponse>(422, 'Invalid request, or forbidden_target: the egress guard refused the destination')
  @Response<ErrorResponse>(429, 'Too many tests; see Retry-After')
  public async testHttp(@Request() request: ExpressRequest, @Body() body: ToolHttpTestRequest): Promise<ToolHttpTestResponse> {
    return this.tester.testHttp(actorOf(request), toHttpTestRequest(body));
  }

  /** Runs `function main(input)` in the sandbox kernel. Rate-limited per user. */
  @Post('test/code')
  @Response<ErrorResponse>(422, 'Invalid request')
  @Response<ErrorResponse>(429, 'Too many tests; see Retry-After')
  public async testCode(@Request() request: ExpressRequest, @Body() body: ToolCodeTestRequest): Promise<ToolCodeTestResponse> {
    const result = await this.tester.testCode(actorOf(request), toCodeTestRequest(body));
    return toCodeTestResponse(result);
  }

  /** A tool with its schemas. Another user's custom tool is 404. */
  @Get('{tool_id}')
  @Response<ErrorResponse>(404, 'No such tool')
  public async get(@Request() request: ExpressRequest, @Path() tool_id: string): Promise<ToolResponse> {
    return toToolResponse(await this.catalog.get(actorOf(request), tool_id));
  }

  /** Creates a custom tool; its auth secret is stored encrypted and never returned. */
  @Post()
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(409, 'You already have a tool of that name, or a built-in tool has it')
  @Response<ErrorResponse>(422, 'Invalid tool')
  public async create(@Request() request: ExpressRequest, @Body() body: ToolCreateRequest): Promise<ToolResponse> {
    const tool = await this.manager.create(actorOf(request), toCustomToolSpec(body));
    this.setStatus(201);
    return toToolResponse({ source: 'custom', tool });
  }

  /** Updates a custom tool (owner or admin). Built-in tools and plugins are 403. */
  @Put('{tool_id}')
  @Response<ErrorResponse>(403, 'Built-in tools and plugins cannot be changed')
  @Response<ErrorResponse>(404, 'No such custom tool')
  @Response<ErrorResponse>(409, 'Name taken')
  @Response<ErrorResponse>(422, 'Invalid tool')
  public async update(@Request() request: ExpressRequest, @Path() tool_id: string, @Body() body: ToolUpdateRequest): Promise<ToolResponse> {
    const tool = await this.manager.update(actorOf(request), tool_id, toCustomToolPatch(body));
    return toToolResponse({ source: 'custom', tool });
  }

  /** Deletes a custom tool (owner or admin). */
  @Delete('{tool_id}')
  @SuccessResponse(204, 'Deleted')
  @Response<ErrorResponse>(403, 'Built-in tools and plugins cannot be deleted')
  @Response<ErrorResponse>(404, 'No such custom tool')
  public async remove(@Request() request: ExpressRequest, @Path() tool_id: string): Promise<void> {
    await this.manager.delete(actorOf(request), tool_id);
    this.setStatus(204);
  }

  /** Invokes a tool. A failing tool is 200 with `success: false`, an error code and a receipt. Rate-limited per user, costly tools weighing more. */
  @Post('{tool_id}/use')
  @Response<ErrorResponse>(404, 'No such tool')
  @Response<ErrorResponse>(429, 'rate_limited: too many tool uses this minute; see Retry-After')
  public async use(@Request() request: ExpressRequest, @Path() tool_id: string, @Body() body: ToolUseRequest): Promise<ToolUseResponse> {
    const outcome = await this.runner.use(actorOf(request), tool_id, toToolArguments(body.arguments));
    return toToolUseResponse(outcome);
  }
}
