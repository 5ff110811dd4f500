import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Controller, Get, Middlewares, Post, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { WorkspaceFilePreviewer } from '../../../core/services/uploads/workspace-file-previewer.service';
import { WorkspaceUploader } from '../../../core/services/uploads/workspace-uploader.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import { FilePreviewResponse, UploadResponse } from '../dto/upload.dto';
import { toFilePreviewResponse, toUploadResponse } from '../mappers/upload.mapper';
import { uploadOf, workspaceFileUpload } from '../uploads/workspace-file-upload';

/** Files in your own workspace (docs/workflows.md "Uploads and the workspace"); paths are jailed to it (behaviour rule 8). */
@injectable()
@Route('api/v1/uploads')
@Tags('Uploads')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class UploadsController extends Controller {
  constructor(
    @inject(WorkspaceUploader) private readonly uploader: WorkspaceUploader,
    @inject(WorkspaceFilePreviewer) private readonly previewer: WorkspaceFilePreviewer,
  ) {
    super();
  }

  /**
   * Uploads one file as `multipart/form-data`: the field `file` (txt, md, csv, json, pdf, png or
   * jpeg, checked by content; at most 10 MB) and optionally `folder` (relative; default `uploads`).
   * Only the base name of the file's name is kept; a file of the same path is replaced.
   */
  @Post()
  @Middlewares(workspaceFileUpload)
  @SuccessResponse(201, 'Stored')
  @Response<ErrorResponse>(400, 'Not a multipart upload, or a refused folder or name (`path_refused`)')
  @Response<ErrorResponse>(413, 'The file is larger than 10 MB')
  @Response<ErrorResponse>(415, 'The content is not an accepted type, or not the type its extension claims')
  @Response<ErrorResponse>(422, 'No file, an empty one, or other form fields')
  @Response<ErrorResponse>(429, 'Your workspace or your daily write quota is full')
  public async upload(@Request() request: ExpressRequest): Promise<UploadResponse> {
    const uploaded = await this.uploader.upload(actorOf(request), uploadOf(request));
    this.setStatus(201);
    return toUploadResponse(uploaded);
  }

  /**
   * A file of your workspace: its name, size and type, and the start of its text (none for binary files).
   * @param path Relative to your workspace, as an upload answered it.
   * @param max_chars Characters of text shown, 1–20000 (default 2000).
   * @isInt max_chars
   */
  @Get('preview')
  @Response<ErrorResponse>(400, 'A refused path (`path_refused`)')
  @Response<ErrorResponse>(404, 'No such file in your workspace')
  @Response<ErrorResponse>(422, 'Invalid max_chars')
  public async preview(@Request() request: ExpressRequest, @Query() path: string, @Query() max_chars?: number): Promise<FilePreviewResponse> {
    return toFilePreviewResponse(await this.previewer.preview(actorOf(request), path, max_chars));
  }
}
