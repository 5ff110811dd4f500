import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Get, Header, Path, Post, Produces, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { ChatTarget } from '../../../core/services/chat/chat-turn';
import { ChatResponder } from '../../../core/services/chat/chat-responder.service';
import { ChatStreamer } from '../../../core/services/chat/chat-streamer.service';
import { RunStreamReader } from '../../../core/services/runs/run-stream-reader.service';
import { abortedWhenClientLeaves } from '../../http/client-disconnect';
import { actorOf } from '../auth/actor-of';
import { AgentChatRequest, AgentChatResponse } from '../dto/agent-chat.dto';
import { ErrorResponse } from '../dto/error.dto';
import { afterSeqOf, toAgentChatResponse, toChatInput } from '../mappers/agent-chat.mapper';
import { sendRunStream } from '../streams/send-run-stream';

const SSE = 'text/event-stream';
const STREAM_DOC =
  'Server-Sent Events: `id: <seq>`, `event: token|tool_call|tool_result|done|error`, `data: <JSON with type>`; one final `done` or `error`; `: ping` comments while quiet. The stream id is in `X-Stream-Id`.';

/** Chat with an agent or with the bare default model, in one response or streamed (docs/chat.md). Rate-limited per user. */
@injectable()
@Route('api/v1/agent-chat')
@Tags('Agent chat')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class AgentChatController extends Controller {
  constructor(
    @inject(ChatResponder) private readonly responder: ChatResponder,
    @inject(ChatStreamer) private readonly streamer: ChatStreamer,
    @inject(RunStreamReader) private readonly streams: RunStreamReader,
  ) {
    super();
  }

  /** Chat with the default model, without an agent's configuration. */
  @Post('bare')
  @Response<ErrorResponse>(404, 'No such session of yours for bare chat')
  @Response<ErrorResponse>(422, 'Invalid request, or the run ended without an answer')
  @Response<ErrorResponse>(429, 'rate_limited: too many chat messages this minute; see Retry-After')
  @Response<ErrorResponse>(502, 'upstream_error: the model provider failed')
  public async bare(@Request() request: ExpressRequest, @Body() body: AgentChatRequest): Promise<AgentChatResponse> {
    return this.reply(request, { kind: 'bare' }, body);
  }

  /** Streamed chat with the default model (SSE). */
  @Post('bare/stream')
  @Produces(SSE)
  @SuccessResponse(200, STREAM_DOC, SSE)
  @Response<ErrorResponse>(404, 'No such session of yours for bare chat')
  @Response<ErrorResponse>(422, 'Invalid request')
  @Response<ErrorResponse>(429, 'rate_limited: too many chat messages this minute; see Retry-After')
  public async bareStream(@Request() request: ExpressRequest, @Body() body: AgentChatRequest): Promise<void> {
    await this.stream(request, { kind: 'bare' }, body);
  }

  /** Resumes a stream after the frame whose `id` is `Last-Event-ID` (from the start without it), from any server process. Yours only. */
  @Get('streams/{stream_id}')
  @Produces(SSE)
  @SuccessResponse(200, STREAM_DOC, SSE)
  @Response<ErrorResponse>(404, 'No such stream of yours')
  public async resume(@Request() request: ExpressRequest, @Path() stream_id: string, @Header('Last-Event-ID') lastEventId?: string): Promise<void> {
    const events = await this.streams.follow(actorOf(request), stream_id, afterSeqOf(lastEventId), abortedWhenClientLeaves(request.res!));
    await sendRunStream(request, stream_id, events);
  }

  /** Chat with an agent: yours in any status, another user's once deployed. `session_id` restores the conversation. */
  @Post('{agent_id}')
  @Response<ErrorResponse>(404, 'No such agent you may chat with, or no such session of yours with it')
  @Response<ErrorResponse>(422, 'Invalid request, or the run ended without an answer (iteration_limit)')
  @Response<ErrorResponse>(429, 'rate_limited: too many chat messages this minute; see Retry-After')
  @Response<ErrorResponse>(502, 'upstream_error: the model provider failed')
  public async chat(@Request() request: ExpressRequest, @Path() agent_id: string, @Body() body: AgentChatRequest): Promise<AgentChatResponse> {
    return this.reply(request, { kind: 'agent', agentId: agent_id }, body);
  }

  /** Streamed chat with an agent (SSE). A client that disconnects cancels the run. */
  @Post('{agent_id}/stream')
  @Produces(SSE)
  @SuccessResponse(200, STREAM_DOC, SSE)
  @Response<ErrorResponse>(404, 'No such agent you may chat with, or no such session of yours with it')
  @Response<ErrorResponse>(422, 'Invalid request')
  @Response<ErrorResponse>(429, 'rate_limited: too many chat messages this minute; see Retry-After')
  public async chatStream(@Request() request: ExpressRequest, @Path() agent_id: string, @Body() body: AgentChatRequest): Promise<void> {
    await this.stream(request, { kind: 'agent', agentId: agent_id }, body);
  }

  private async reply(request: ExpressRequest, target: ChatTarget, body: AgentChatRequest): Promise<AgentChatResponse> {
    const reply = await this.responder.reply(actorOf(request), target, toChatInput(body), abortedWhenClientLeaves(request.res!));
    return toAgentChatResponse(reply);
  }

  private async stream(request: ExpressRequest, target: ChatTarget, body: AgentChatRequest): Promise<void> {
    const started = await this.streamer.stream(actorOf(request), target, toChatInput(body), abortedWhenClientLeaves(request.res!));
    await sendRunStream(request, started.runId, started.events);
  }
}
