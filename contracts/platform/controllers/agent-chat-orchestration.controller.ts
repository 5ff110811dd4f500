import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Post, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { AgentOrchestrator } from '../../../core/services/orchestration/agent-orchestrator.service';
import { GraphOrchestrator } from '../../../core/services/orchestration/graph-orchestrator.service';
import { abortedWhenClientLeaves } from '../../http/client-disconnect';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import { OrchestrateGraphRequest, OrchestrateRequest, OrchestrateResponse } from '../dto/orchestration.dto';
import { toGraphOrchestrationRequest, toOrchestrateResponse, toOrchestrationRequest } from '../mappers/orchestration.mapper';

/** Several agents answering one message (docs/orchestration.md). Counted in the caller's chat rate. */
@injectable()
@Route('api/v1/agent-chat')
@Tags('Agent chat')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
@Response<ErrorResponse>(404, 'An agent you may not use (not yours and not deployed), or no such agent')
@Response<ErrorResponse>(422, 'Invalid request (mode, number of agents, graph), or a run ended without an answer')
@Response<ErrorResponse>(429, 'rate_limited: too many chat messages this minute (see Retry-After), or the run spent its LLM budget')
@Response<ErrorResponse>(502, 'upstream_error: the model provider failed')
export class AgentChatOrchestrationController extends Controller {
  constructor(
    @inject(AgentOrchestrator) private readonly orchestrator: AgentOrchestrator,
    @inject(GraphOrchestrator) private readonly graphs: GraphOrchestrator,
  ) {
    super();
  }

  /** `route`, `sequential` or `debate` over the given agents. */
  @Post('orchestrate')
  public async orchestrate(@Request() request: ExpressRequest, @Body() body: OrchestrateRequest): Promise<OrchestrateResponse> {
    const result = await this.orchestrator.orchestrate(actorOf(request), toOrchestrationRequest(body), abortedWhenClientLeaves(request.res!));
    return toOrchestrateResponse(result);
  }

  /** A graph of agents run as a DAG: each node answers its parents' outputs; the reply is the output of the last nodes. */
  @Post('orchestrate/graph')
  public async orchestrateGraph(@Request() request: ExpressRequest, @Body() body: OrchestrateGraphRequest): Promise<OrchestrateResponse> {
    const result = await this.graphs.orchestrate(actorOf(request), toGraphOrchestrationRequest(body), abortedWhenClientLeaves(request.res!));
    return toOrchestrateResponse(result);
  }
}
