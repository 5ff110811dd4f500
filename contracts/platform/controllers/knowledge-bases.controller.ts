import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Delete, Get, Path, Post, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { KnowledgeBaseManager } from '../../../core/services/knowledge/knowledge-base-manager.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import { KnowledgeBaseCreateRequest, KnowledgeBasePageResponse, KnowledgeBaseResponse } from '../dto/knowledge.dto';
import { toKnowledgeBasePageResponse, toKnowledgeBaseResponse, toKnowledgeBaseSpec } from '../mappers/knowledge.mapper';

/**
 * Knowledge bases (docs/knowledge.md). You read your own bases and public ones (admins: all) and
 * change only your own; another user's private base is 404.
 */
@injectable()
@Route('api/v1/knowledge-bases')
@Tags('Knowledge bases')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class KnowledgeBasesController extends Controller {
  constructor(@inject(KnowledgeBaseManager) private readonly manager: KnowledgeBaseManager) {
    super();
  }

  /**
   * Your bases and the public ones (admins: all), newest first, each with its document count.
   * @isInt page
   * @isInt page_size
   */
  @Get()
  @Response<ErrorResponse>(422, 'Invalid pagination')
  public async list(@Request() request: ExpressRequest, @Query() page?: number, @Query() page_size?: number): Promise<KnowledgeBasePageResponse> {
    return toKnowledgeBasePageResponse(await this.manager.list(actorOf(request), { page, pageSize: page_size }));
  }

  /** Creates a base of yours, with its chunking and the embedding model this server uses. */
  @Post()
  @SuccessResponse(201, 'Created')
  @Response<ErrorResponse>(422, 'Invalid name, description, chunking or embedding model')
  public async create(@Request() request: ExpressRequest, @Body() body: KnowledgeBaseCreateRequest): Promise<KnowledgeBaseResponse> {
    const base = await this.manager.create(actorOf(request), toKnowledgeBaseSpec(body));
    this.setStatus(201);
    return toKnowledgeBaseResponse({ ...base, documentCount: 0 });
  }

  @Get('{kb_id}')
  @Response<ErrorResponse>(404, 'No such base, or not readable by you')
  public async get(@Request() request: ExpressRequest, @Path() kb_id: string): Promise<KnowledgeBaseResponse> {
    return toKnowledgeBaseResponse(await this.manager.get(actorOf(request), kb_id));
  }

  /** Deletes the base with its documents, passages, vectors and full-text entries. */
  @Delete('{kb_id}')
  @SuccessResponse(204, 'Deleted')
  @Response<ErrorResponse>(403, 'A public base that is not yours')
  @Response<ErrorResponse>(404, 'No such base, or not readable by you')
  public async delete(@Request() request: ExpressRequest, @Path() kb_id: string): Promise<void> {
    await this.manager.delete(actorOf(request), kb_id);
    this.setStatus(204);
  }
}
