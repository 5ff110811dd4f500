import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Delete, Get, Middlewares, Path, Post, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { DocumentSubmitter } from '../../../core/services/knowledge/document-submitter.service';
import { KnowledgeDocumentManager } from '../../../core/services/knowledge/knowledge-document-manager.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import { KnowledgeDocumentPageResponse, KnowledgeDocumentRequest, KnowledgeDocumentResponse } from '../dto/knowledge.dto';
import { toDocumentSubmission, toKnowledgeDocumentPageResponse, toKnowledgeDocumentResponse } from '../mappers/knowledge.mapper';
import { knowledgeDocumentUpload, uploadedKnowledgeFile } from '../uploads/knowledge-document-upload';

/** The documents of a knowledge base: added as jobs, listed with their ingestion status, deleted with their passages. */
@injectable()
@Route('api/v1/knowledge-bases/{kb_id}/documents')
@Tags('Knowledge bases')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
@Response<ErrorResponse>(404, 'No such base, or not readable by you')
export class KnowledgeDocumentsController extends Controller {
  constructor(
    @inject(KnowledgeDocumentManager) private readonly manager: KnowledgeDocumentManager,
    @inject(DocumentSubmitter) private readonly submitter: DocumentSubmitter,
  ) {
    super();
  }

  /**
   * The base's documents, newest first, with their status (`pending`, `processing`, `ready`, `failed` with `error`).
   * @isInt page
   * @isInt page_size
   */
  @Get()
  @Response<ErrorResponse>(422, 'Invalid pagination')
  public async list(
    @Request() request: ExpressRequest,
    @Path() kb_id: string,
    @Query() page?: number,
    @Query() page_size?: number,
  ): Promise<KnowledgeDocumentPageResponse> {
    return toKnowledgeDocumentPageResponse(await this.manager.list(actorOf(request), kb_id, { page, pageSize: page_size }));
  }

  /**
   * Adds a document and queues its ingestion (202, status `pending`; follow it in the list). Send
   * JSON with `content` (text) or `url`, or `multipart/form-data` with the field `file` (PDF, DOCX,
   * HTML, Markdown or text, at most 10 MB, recognised by its content) and optionally `title` and
   * `metadata` (JSON text).
   */
  @Post()
  @Middlewares(knowledgeDocumentUpload)
  @SuccessResponse(202, 'Accepted: ingestion queued')
  @Response<ErrorResponse>(403, 'A public base that is not yours')
  @Response<ErrorResponse>(409, "The base's vectors come from another embedding model than this server's")
  @Response<ErrorResponse>(413, 'The file or text is too large')
  @Response<ErrorResponse>(415, 'The file is not a supported type, whatever its name says')
  @Response<ErrorResponse>(422, 'Not exactly one source, or an invalid title, URL, content type or metadata')
  public async add(@Request() request: ExpressRequest, @Path() kb_id: string, @Body() body: KnowledgeDocumentRequest): Promise<KnowledgeDocumentResponse> {
    const document = await this.submitter.submit(actorOf(request), kb_id, toDocumentSubmission(body, uploadedKnowledgeFile(request)));
    this.setStatus(202);
    return toKnowledgeDocumentResponse(document);
  }

  /** Deletes the document with its passages, vectors and full-text entries. */
  @Delete('{doc_id}')
  @SuccessResponse(204, 'Deleted')
  @Response<ErrorResponse>(403, 'A public base that is not yours')
  public async delete(@Request() request: ExpressRequest, @Path() kb_id: string, @Path() doc_id: string): Promise<void> {
    await this.manager.delete(actorOf(request), kb_id, doc_id);
    this.setStatus(204);
  }
}
