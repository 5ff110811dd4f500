import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Delete, Get, Path, Post, Put, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { EnvelopeAgents } from '../../../core/services/envelope/envelope-agents.service';
import { userOf } from '../auth/user-of';
import { AgentCreateRequest, AgentPageResponse, AgentResponse, AgentUpdateRequest, DeletionResponse } from '../dto/agent.dto';
import { Envelope } from '../dto/envelope.dto';
import { success } from '../envelope';
import { toAgentInput, toAgentPageResponse, toAgentResponse } from '../mappers/envelope-records.mapper';

/** The caller's agents. Another user's agent is 403/40300, a missing one 404/40400. */
@injectable()
@Route('api/v1/agents')
@Tags('Agents')
@Security('bearer')
@Response<Envelope<null>>(400, '40000 invalid parameters (e.g. a provider other than openai, anthropic, local)')
@Response<Envelope<null>>(401, '40100 missing or expired access token')
export class EnvelopeAgentsController extends Controller {
  constructor(@inject(EnvelopeAgents) private readonly agents: EnvelopeAgents) {
    super();
  }

  /** `model_config.provider` chooses the model; a provider the server has no configuration of answers with the offline model. */
  @Post()
  public async create(@Request() request: ExpressRequest, @Body() body: AgentCreateRequest): Promise<Envelope<AgentResponse>> {
    return success(toAgentResponse(await this.agents.create(userOf(request).id, toAgentInput(body))));
  }

  /**
   * Your agents, oldest first.
   * @isInt page
   * @minimum page 1
   * @isInt page_size
   * @minimum page_size 1
   * @maximum page_size 100
   */
  @Get()
  public async list(@Request() request: ExpressRequest, @Query() page?: number, @Query() page_size?: number): Promise<Envelope<AgentPageResponse>> {
    return success(toAgentPageResponse(await this.agents.list(userOf(request).id, { page, pageSize: page_size })));
  }

  /** @isInt agent_id */
  @Get('{agent_id}')
  @Response<Envelope<null>>(403, "40300 another user's agent")
  @Response<Envelope<null>>(404, '40400 no such agent')
  public async get(@Request() request: ExpressRequest, @Path() agent_id: number): Promise<Envelope<AgentResponse>> {
    return success(toAgentResponse(await this.agents.get(userOf(request).id, agent_id)));
  }

  /**
   * Partial update: fields left out (in `model_config` too) keep their values.
   * @isInt agent_id
   */
  @Put('{agent_id}')
  @Response<Envelope<null>>(403, "40300 another user's agent")
  @Response<Envelope<null>>(404, '40400 no such agent')
  public async update(@Request() request: ExpressRequest, @Path() agent_id: number, @Body() body: AgentUpdateRequest): Promise<Envelope<AgentResponse>> {
    return success(toAgentResponse(await this.agents.update(userOf(request).id, agent_id, toAgentInput(body))));
  }

  /**
   * Deletes the agent with its conversations.
   * @isInt agent_id
   */
  @Delete('{agent_id}')
  @Response<Envelope<null>>(403, "40300 another user's agent")
  @Response<Envelope<null>>(404, '40400 no such agent')
  public async remove(@Request() request: ExpressRequest, @Path() agent_id: number): Promise<Envelope<DeletionResponse>> {
    await this.agents.delete(userOf(request).id, agent_id);
    return success({ id: agent_id, deleted: true });
  }
}
