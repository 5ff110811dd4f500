import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Controller, Get, Path, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { ChatHistoryReader } from '../../../core/services/chat/chat-history-reader.service';
import { actorOf } from '../auth/actor-of';
import { ChatHistoryResponse } from '../dto/agent-chat.dto';
import { ErrorResponse } from '../dto/error.dto';
import { toChatHistoryResponse } from '../mappers/agent-chat.mapper';

@injectable()
@Route('api/v1/agents')
@Tags('Agent chat')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class AgentChatHistoryController extends Controller {
  constructor(@inject(ChatHistoryReader) private readonly history: ChatHistoryReader) {
    super();
  }

  /** Your conversation with the agent, oldest message first: the session given, else your latest one with it. */
  @Get('{agent_id}/preview-chat-history')
  @Response<ErrorResponse>(404, 'No such agent you may chat with, or no such session of yours with it')
  @Response<ErrorResponse>(422, 'Bad pagination')
  public async previewChatHistory(
    @Request() request: ExpressRequest,
    @Path() agent_id: string,
    @Query() session_id?: string,
    @Query() page?: number,
    @Query() page_size?: number,
  ): Promise<ChatHistoryResponse> {
    const history = await this.history.read(actorOf(request), agent_id, { sessionId: session_id, page, pageSize: page_size });
    return toChatHistoryResponse(history);
  }
}
