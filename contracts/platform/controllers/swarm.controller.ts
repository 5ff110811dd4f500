import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Post, Produces, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { SwarmRunner } from '../../../core/services/swarm/swarm-runner.service';
import { SwarmStreamer } from '../../../core/services/swarm/swarm-streamer.service';
import { abortedWhenClientLeaves } from '../../http/client-disconnect';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import { SwarmRunRequest, SwarmRunResponse } from '../dto/swarm.dto';
import { toSwarmRequest, toSwarmRunResponse } from '../mappers/swarm.mapper';
import { sendRunStream } from '../streams/send-run-stream';

const SSE = 'text/event-stream';
const STREAM_DOC =
  'Server-Sent Events: `id: <seq>`, `event: token|tool_call|tool_result|done|error`, `data: <JSON with type>`; frames of a member carry its `agent_id`; one final `done` or `error` for the whole swarm. The stream id is in `X-Stream-Id` (resume with GET /agent-chat/streams/{stream_id}).';

/** A coordinator delegating subtasks to member agents (docs/orchestration.md, "Swarm"). Counted in the caller's chat rate. */
@injectable()
@Route('api/v1/swarm')
@Tags('Swarm')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
@Response<ErrorResponse>(404, 'A coordinator or member you may not use (not yours and not deployed), or no such agent')
@Response<ErrorResponse>(422, 'Invalid request (members, max_concurrency)')
@Response<ErrorResponse>(429, 'rate_limited: too many chat messages this minute (see Retry-After), or the swarm spent its LLM budget')
export class SwarmController extends Controller {
  constructor(
    @inject(SwarmRunner) private readonly runner: SwarmRunner,
    @inject(SwarmStreamer) private readonly streamer: SwarmStreamer,
  ) {
    super();
  }

  /** Runs the swarm and answers once the coordinator has given its final answer. */
  @Post('run')
  @Response<ErrorResponse>(502, 'upstream_error: the model provider failed')
  public async run(@Request() request: ExpressRequest, @Body() body: SwarmRunRequest): Promise<SwarmRunResponse> {
    return toSwarmRunResponse(await this.runner.run(actorOf(request), toSwarmRequest(body), abortedWhenClientLeaves(request.res!)));
  }

  /** The swarm streamed (SSE). A client that disconnects cancels it. */
  @Post('run/stream')
  @Produces(SSE)
  @SuccessResponse(200, STREAM_DOC, SSE)
  public async runStream(@Request() request: ExpressRequest, @Body() body: SwarmRunRequest): Promise<void> {
    const started = await this.streamer.stream(actorOf(request), toSwarmRequest(body), abortedWhenClientLeaves(request.res!));
    await sendRunStream(request, started.runId, started.events);
  }
}
