import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Post, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { SingleNodeRunner } from '../../../core/services/workflows/single-node-runner.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import { NodeRunRequest, NodeRunResponse } from '../dto/node-run.dto';
import { toNodeRunResponse, toSingleNodeRequest } from '../mappers/node-run.mapper';

/** Single-node debugging (docs/workflows.md "Debugging one node"). */
@injectable()
@Route('api/v1/nodes')
@Tags('Workflows')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class NodesController extends Controller {
  constructor(@inject(SingleNodeRunner) private readonly runner: SingleNodeRunner) {
    super();
  }

  /** Runs one node as you, with the inputs given as its upstream; its config is checked first. */
  @Post('run')
  @Response<ErrorResponse>(422, 'Unknown node type, a config its schema refuses, or invalid inputs')
  @Response<ErrorResponse>(429, 'Too many node runs this minute')
  public async run(@Request() request: ExpressRequest, @Body() body: NodeRunRequest): Promise<NodeRunResponse> {
    return toNodeRunResponse(await this.runner.run(actorOf(request), toSingleNodeRequest(body)));
  }
}
