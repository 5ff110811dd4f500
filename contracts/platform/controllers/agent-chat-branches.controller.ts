import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Delete, Get, Path, Post, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { ChatBranchManager } from '../../../core/services/chat/chat-branch-manager.service';
import { ChatBranchResumer } from '../../../core/services/chat/chat-branch-resumer.service';
import { abortedWhenClientLeaves } from '../../http/client-disconnect';
import { actorOf } from '../auth/actor-of';
import { AgentChatResponse } from '../dto/agent-chat.dto';
import { ChatBranchCreateRequest, ChatBranchDetailResponse, ChatBranchListResponse, ChatBranchResumeRequest } from '../dto/chat-branch.dto';
import { ErrorResponse } from '../dto/error.dto';
import { toAgentChatResponse } from '../mappers/agent-chat.mapper';
import { toBranchRequest, toChatBranchDetailResponse, toChatBranchListResponse } from '../mappers/chat-branch.mapper';

/** Conversation branches (docs/chat.md, "Branches"): copy a session up to a message, then continue the copy. Yours only. */
@injectable()
@Route('api/v1/agent-chat/branches')
@Tags('Agent chat')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class AgentChatBranchesController extends Controller {
  constructor(
    @inject(ChatBranchManager) private readonly branches: ChatBranchManager,
    @inject(ChatBranchResumer) private readonly resumer: ChatBranchResumer,
  ) {
    super();
  }

  /** Copies your session up to `message_index` (default: its last message) into a new branch. */
  @Post()
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(404, 'No such session of yours')
  @Response<ErrorResponse>(422, 'Invalid request, or message_index out of range')
  public async createBranch(@Request() request: ExpressRequest, @Body() body: ChatBranchCreateRequest): Promise<ChatBranchDetailResponse> {
    this.setStatus(201);
    return toChatBranchDetailResponse(await this.branches.create(actorOf(request), toBranchRequest(body)));
  }

  /** Your branches, newest first; `session_id` keeps those of one session. */
  @Get()
  @Response<ErrorResponse>(422, 'Bad pagination')
  public async listBranches(
    @Request() request: ExpressRequest,
    @Query() session_id?: string,
    @Query() page?: number,
    @Query() page_size?: number,
  ): Promise<ChatBranchListResponse> {
    return toChatBranchListResponse(await this.branches.list(actorOf(request), { sessionId: session_id, page, pageSize: page_size }));
  }

  /** A branch of yours with its messages, oldest first. */
  @Get('{branch_id}')
  @Response<ErrorResponse>(404, 'No such branch of yours')
  public async getBranch(@Request() request: ExpressRequest, @Path() branch_id: string): Promise<ChatBranchDetailResponse> {
    return toChatBranchDetailResponse(await this.branches.get(actorOf(request), branch_id));
  }

  /** Deletes a branch of yours with its messages; the session it came from is untouched. */
  @Delete('{branch_id}')
  @SuccessResponse(204, 'Deleted')
  @Response<ErrorResponse>(404, 'No such branch of yours')
  public async deleteBranch(@Request() request: ExpressRequest, @Path() branch_id: string): Promise<void> {
    await this.branches.delete(actorOf(request), branch_id);
    this.setStatus(204);
  }

  /** Continues the branch: a chat turn on the branch's session (rate-limited with chat), answered like `POST /agent-chat/{agent_id}`. */
  @Post('{branch_id}/resume')
  @Response<ErrorResponse>(404, 'No such branch of yours, or its agent is no longer yours to use')
  @Response<ErrorResponse>(422, 'Invalid request, or the run ended without an answer')
  @Response<ErrorResponse>(429, 'rate_limited: too many chat messages this minute; see Retry-After')
  @Response<ErrorResponse>(502, 'upstream_error: the model provider failed')
  public async resumeBranch(@Request() request: ExpressRequest, @Path() branch_id: string, @Body() body: ChatBranchResumeRequest): Promise<AgentChatResponse> {
    const reply = await this.resumer.resume(actorOf(request), branch_id, body.message, abortedWhenClientLeaves(request.res!));
    return toAgentChatResponse(reply);
  }
}
