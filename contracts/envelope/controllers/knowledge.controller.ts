import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Middlewares, Post, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { EnvelopeKnowledge } from '../../../core/services/envelope/envelope-knowledge.service';
import { userOf } from '../auth/user-of';
import { Envelope } from '../dto/envelope.dto';
import { KnowledgeSearchRequest, KnowledgeSearchResponse, UploadResponse } from '../dto/knowledge.dto';
import { success } from '../envelope';
import { envelopeDocumentFormOf, envelopeDocumentUpload } from '../uploads/envelope-document-upload';

/** An agent's documents: uploaded, parsed, chunked and indexed by the knowledge module; searched by meaning and exact terms. */
@injectable()
@Route('api/v1/knowledge')
@Tags('Knowledge')
@Security('bearer')
@Response<Envelope<null>>(401, '40100 missing or expired access token')
@Response<Envelope<null>>(403, "40300 another user's agent")
@Response<Envelope<null>>(404, '40400 no such agent')
export class EnvelopeKnowledgeController extends Controller {
  constructor(@inject(EnvelopeKnowledge) private readonly knowledge: EnvelopeKnowledge) {
    super();
  }

  /**
   * `multipart/form-data` with `file` (PDF, TXT or Markdown: the extension and the content must
   * agree; at most 10 MB) and `agent_id`. Answers once the file is parsed, chunked and indexed.
   */
  @Post('documents/upload')
  @Middlewares(envelopeDocumentUpload)
  @Response<Envelope<null>>(400, '40000 not multipart, no file or agent_id, a type other than PDF/TXT/Markdown, or content that is not what the extension says')
  @Response<Envelope<null>>(413, '41300 the file is larger than 10 MB')
  public async upload(@Request() request: ExpressRequest): Promise<Envelope<UploadResponse>> {
    const form = envelopeDocumentFormOf(request);
    const result = await this.knowledge.upload(userOf(request).id, form.agentId, form.file);
    return success({ document_id: result.documentId, filename: result.filename, chunks: result.chunks, status: result.status });
  }

  /** The agent's passages that best match the query, best first (vector and keyword search fused). */
  @Post('search')
  @Response<Envelope<null>>(400, '40000 invalid query, agent_id or top_k')
  public async search(@Request() request: ExpressRequest, @Body() body: KnowledgeSearchRequest): Promise<Envelope<KnowledgeSearchResponse>> {
    const hits = await this.knowledge.search(userOf(request).id, body.agent_id, body.query, body.top_k);
    return success({
      items: hits.map((hit) => ({ document_id: hit.documentId, filename: hit.filename, chunk_index: hit.chunkIndex, content: hit.content, score: hit.score })),
    });
  }
}
