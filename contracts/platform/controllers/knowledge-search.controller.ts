import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Path, Post, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { KnowledgeSearcher } from '../../../core/services/knowledge/knowledge-searcher.service';
import { RagAnswerer } from '../../../core/services/knowledge/rag-answerer.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import { KnowledgeRagRequest, KnowledgeRagResponse, KnowledgeSearchRequest, KnowledgeSearchResponse } from '../dto/knowledge.dto';
import { toKnowledgeRagResponse, toKnowledgeSearchItem } from '../mappers/knowledge.mapper';

/** Search and retrieval-augmented answers over one knowledge base. */
@injectable()
@Route('api/v1/knowledge-bases/{kb_id}')
@Tags('Knowledge bases')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
@Response<ErrorResponse>(404, 'No such base, or not readable by you')
@Response<ErrorResponse>(409, "The base's vectors come from another embedding model than this server's")
@Response<ErrorResponse>(422, 'Invalid query, top_k, mode, min_score or filter')
export class KnowledgeSearchController extends Controller {
  constructor(
    @inject(KnowledgeSearcher) private readonly searcher: KnowledgeSearcher,
    @inject(RagAnswerer) private readonly answerer: RagAnswerer,
  ) {
    super();
  }

  /** The passages that best match the query, best first: by meaning, by exact terms, or both fused (default). */
  @Post('search')
  public async search(@Request() request: ExpressRequest, @Path() kb_id: string, @Body() body: KnowledgeSearchRequest): Promise<KnowledgeSearchResponse> {
    const mode = body.mode ?? 'hybrid';
    const hits = await this.searcher.search(actorOf(request), {
      query: body.query,
      knowledgeBaseId: kb_id,
      topK: body.top_k,
      minScore: body.min_score,
      mode,
      filter: body.filter,
    });
    return { query: body.query, mode, items: hits.map(toKnowledgeSearchItem), total: hits.length };
  }

  /**
   * Answers the question from the base's passages only, citing them (`[n]` in the answer, each
   * citation with its chunk id, document and offsets). When no passage passes `min_score`, the
   * answer says the base does not know (`grounded: false`) and no model is asked.
   */
  @Post('rag')
  @Response<ErrorResponse>(502, 'The model failed')
  public async rag(@Request() request: ExpressRequest, @Path() kb_id: string, @Body() body: KnowledgeRagRequest): Promise<KnowledgeRagResponse> {
    const answer = await this.answerer.answer(actorOf(request), {
      question: body.question,
      knowledgeBaseId: kb_id,
      topK: body.top_k,
      minScore: body.min_score,
      mode: body.mode,
      filter: body.filter,
    });
    return toKnowledgeRagResponse(answer);
  }
}
