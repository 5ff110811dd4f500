import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Get, Path, Post, Produces, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { EnvelopeConversations } from '../../../core/services/envelope/envelope-conversations.service';
import { EnvelopeReplier } from '../../../core/services/envelope/envelope-replier.service';
import { userOf } from '../auth/user-of';
import { ConversationCreateRequest, ConversationResponse, MessagePageResponse, MessageRequest } from '../dto/conversation.dto';
import { Envelope } from '../dto/envelope.dto';
import { success } from '../envelope';
import { toConversationResponse, toMessagePageResponse } from '../mappers/envelope-records.mapper';
import { sendReplyStream } from '../streams/send-reply-stream';

const SSE = 'text/event-stream';

/** Conversations with your agents. Another user's conversation is 403/40300, a missing one 404/40400. */
@injectable()
@Route('api/v1/conversations')
@Tags('Conversations')
@Security('bearer')
@Response<Envelope<null>>(400, '40000 invalid parameters')
@Response<Envelope<null>>(401, '40100 missing or expired access token')
@Response<Envelope<null>>(403, "40300 another user's conversation or agent")
@Response<Envelope<null>>(404, '40400 no such conversation or agent')
export class EnvelopeConversationsController extends Controller {
  constructor(
    @inject(EnvelopeConversations) private readonly conversations: EnvelopeConversations,
    @inject(EnvelopeReplier) private readonly replier: EnvelopeReplier,
  ) {
    super();
  }

  /** A conversation with one of your agents. */
  @Post()
  public async create(@Request() request: ExpressRequest, @Body() body: ConversationCreateRequest): Promise<Envelope<ConversationResponse>> {
    return success(toConversationResponse(await this.conversations.create(userOf(request).id, body.agent_id, body.title)));
  }

  /**
   * Sends a message; the agent's reply streams as Server-Sent Events: `data: {"type":"token","content":"…"}`
   * frames in order, then one `data: {"type":"done"}`, or one `data: {"type":"error","content":"…"}`.
   * The message and the whole reply are stored once the reply ends (before `done`), also when the
   * client has gone away; a failed reply stores nothing.
   * @isInt conversation_id
   */
  @Post('{conversation_id}/messages')
  @Produces(SSE)
  @SuccessResponse(200, 'Server-Sent Events: token frames, then one done or error frame', SSE)
  @Response<Envelope<null>>(429, '42900 too many messages this minute; see Retry-After')
  public async send(@Request() request: ExpressRequest, @Path() conversation_id: number, @Body() body: MessageRequest): Promise<void> {
    const reply = await this.replier.send(userOf(request).id, conversation_id, body.content);
    await sendReplyStream(request, reply.events);
  }

  /**
   * The conversation's messages, oldest first; `page_size` 20 by default, at most 100.
   * @isInt conversation_id
   * @isInt page
   * @minimum page 1
   * @isInt page_size
   * @minimum page_size 1
   * @maximum page_size 100
   */
  @Get('{conversation_id}/messages')
  public async history(
    @Request() request: ExpressRequest,
    @Path() conversation_id: number,
    @Query() page?: number,
    @Query() page_size?: number,
  ): Promise<Envelope<MessagePageResponse>> {
    return success(toMessagePageResponse(await this.conversations.history(userOf(request).id, conversation_id, { page, pageSize: page_size })));
  }
}
