import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Delete, Get, Path, Post, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { AgentCopier } from '../../../core/services/agents/agent-copier.service';
import { AgentLifecycle } from '../../../core/services/agents/agent-lifecycle.service';
import { AgentManager } from '../../../core/services/agents/agent-manager.service';
import { AgentRemover } from '../../../core/services/agents/agent-remover.service';
import { actorOf } from '../auth/actor-of';
import { AgentExportResponse, AgentImportRequest, AgentPageResponse, AgentPayloadRequest, AgentResponse } from '../dto/agent.dto';
import { ErrorResponse } from '../dto/error.dto';
import { decodeAgentListCursor } from '../mappers/agent-list-cursor.mapper';
import { toAgentImportInput, toAgentPayloadInput } from '../mappers/agent-request.mapper';
import { agentPageJson, exportFileName, toAgentExportResponse, toAgentResponse } from '../mappers/agent.mapper';
import { preparedJson } from '../../http/prepared-json';

/**
 * Agents (docs/agents-api.md). Users see their own agents and every deployed one; admins see all.
 * Only the owner or an admin changes an agent: another user gets 404 while it is invisible to
 * them, 403 once it is deployed. `execute` and `preview-chat-history` live with runs and chat.
 */
@injectable()
@Route('api/v1/agents')
@Tags('Agents')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class AgentsController extends Controller {
  constructor(
    @inject(AgentManager) private readonly manager: AgentManager,
    @inject(AgentLifecycle) private readonly lifecycle: AgentLifecycle,
    @inject(AgentCopier) private readonly copier: AgentCopier,
    @inject(AgentRemover) private readonly remover: AgentRemover,
  ) {
    super();
  }

  /**
   * Your agents and every deployed agent (admins: all), newest first. Pass `page`, or `cursor` (the
   * `next_cursor` of the page before) to walk the list without gaps or repeats while agents are added.
   * @param cursor The previous page's `next_cursor`, instead of `page`.
   * @param search Substring of the name or description (case-insensitive for ASCII letters; `%` and `_` are literal), at most 200 characters.
   * @param status `draft`, `deployed` or `stopped`.
   * @isInt page
   * @isInt page_size
   */
  @Get()
  @Response<ErrorResponse>(400, 'A cursor no page handed out, or a cursor together with page')
  @Response<ErrorResponse>(422, 'Invalid filter or pagination')
  public async list(
    @Request() request: ExpressRequest,
    @Query() page?: number,
    @Query() page_size?: number,
    @Query() search?: string,
    @Query() status?: string,
    @Query() cursor?: string,
  ): Promise<AgentPageResponse> {
    const filter = { page, cursor: cursor === undefined ? undefined : decodeAgentListCursor(cursor), pageSize: page_size, search, status };
    return preparedJson<AgentPageResponse>(agentPageJson(await this.manager.list(actorOf(request), filter)));
  }

  /** Creates a draft at version 1; fields left out take their defaults. */
  @Post()
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(422, 'Invalid agent')
  public async create(@Request() request: ExpressRequest, @Body() body: AgentPayloadRequest): Promise<AgentResponse> {
    const agent = await this.manager.create(actorOf(request), toAgentPayloadInput(body));
    this.setStatus(201);
    return toAgentResponse(agent);
  }

  /** Creates a draft of yours from an export document; its ids, owner, status and version are not read. */
  @Post('import')
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(422, 'Not an agent export document, or an invalid agent')
  public async import(@Request() request: ExpressRequest, @Body() body: AgentImportRequest): Promise<AgentResponse> {
    const agent = await this.copier.import(actorOf(request), toAgentImportInput(body));
    this.setStatus(201);
    return toAgentResponse(agent);
  }

  /**
   * The agent; with `version`, its payload as that version stored it.
   * @isInt version
   */
  @Get('{agent_id}')
  @Response<ErrorResponse>(404, 'No such agent (or version) that you can see')
  public async get(@Request() request: ExpressRequest, @Path() agent_id: string, @Query() version?: number): Promise<AgentResponse> {
    return toAgentResponse(await this.manager.get(actorOf(request), agent_id, version));
  }

  /** Replaces the payload (fields left out take their defaults again); the version goes up by one. */
  @Put('{agent_id}')
  @Response<ErrorResponse>(403, 'The agent is deployed but not yours')
  @Response<ErrorResponse>(404, 'No such agent that you can see')
  @Response<ErrorResponse>(409, 'The agent changed meanwhile')
  @Response<ErrorResponse>(422, 'Invalid agent')
  public async update(@Request() request: ExpressRequest, @Path() agent_id: string, @Body() body: AgentPayloadRequest): Promise<AgentResponse> {
    return toAgentResponse(await this.manager.update(actorOf(request), agent_id, toAgentPayloadInput(body)));
  }

  /** Deletes the agent after removing its schedules, executions and versions and unbinding its goals and tasks. */
  @Delete('{agent_id}')
  @SuccessResponse(204, 'Deleted')
  @Response<ErrorResponse>(403, 'The agent is deployed but not yours')
  @Response<ErrorResponse>(404, 'No such agent that you can see')
  public async remove(@Request() request: ExpressRequest, @Path() agent_id: string): Promise<void> {
    await this.remover.remove(actorOf(request), agent_id);
    this.setStatus(204);
  }

  /** `draft` or `stopped` → `deployed`: every user can then see, run and duplicate it. */
  @Post('{agent_id}/deploy')
  @Response<ErrorResponse>(403, 'The agent is deployed but not yours')
  @Response<ErrorResponse>(404, 'No such agent that you can see')
  @Response<ErrorResponse>(409, 'The agent is already deployed')
  public async deploy(@Request() request: ExpressRequest, @Path() agent_id: string): Promise<AgentResponse> {
    return toAgentResponse(await this.lifecycle.deploy(actorOf(request), agent_id));
  }

  /** `deployed` → `stopped`. */
  @Post('{agent_id}/stop')
  @Response<ErrorResponse>(403, 'The agent is deployed but not yours')
  @Response<ErrorResponse>(404, 'No such agent that you can see')
  @Response<ErrorResponse>(409, 'The agent is not deployed')
  public async stop(@Request() request: ExpressRequest, @Path() agent_id: string): Promise<AgentResponse> {
    return toAgentResponse(await this.lifecycle.stop(actorOf(request), agent_id));
  }

  /** A deep copy of any agent you can see, as a new draft of yours named "<name> (copy)". */
  @Post('{agent_id}/duplicate')
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(404, 'No such agent that you can see')
  public async duplicate(@Request() request: ExpressRequest, @Path() agent_id: string): Promise<AgentResponse> {
    const agent = await this.copier.duplicate(actorOf(request), agent_id);
    this.setStatus(201);
    return toAgentResponse(agent);
  }

  /** The payload as a JSON file (`format`, `schema_version`), for `POST /agents/import`. */
  @Get('{agent_id}/export')
  @Response<ErrorResponse>(404, 'No such agent that you can see')
  public async export(@Request() request: ExpressRequest, @Path() agent_id: string): Promise<AgentExportResponse> {
    const document = await this.copier.exportAgent(actorOf(request), agent_id);
    this.setHeader('Content-Disposition', `attachment; filename="${exportFileName(document)}"`);
    return toAgentExportResponse(document);
  }

  /** Makes the agent your main agent; your previous main agent stops being one. */
  @Post('{agent_id}/create-main-agent')
  @Response<ErrorResponse>(403, 'The agent is deployed but not yours')
  @Response<ErrorResponse>(404, 'No such agent that you can see')
  public async createMainAgent(@Request() request: ExpressRequest, @Path() agent_id: string): Promise<AgentResponse> {
    return toAgentResponse(await this.lifecycle.makeMain(actorOf(request), agent_id));
  }
}
