import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { UploadType, uploadTypeOf } from '../../domain/workspace/file-content-type';
import { uploadFileName } from '../../domain/workspace/upload-file-name';
import { workspacePathSegments } from '../../domain/workspace/workspace-path';
import { WorkspaceFileTooLargeError } from '../../domain/workspace/workspace.errors';
import { WORKSPACE_FILES, WorkspaceFile, WorkspaceFiles } from '../../ports/workspace-files.port';
import { ValidationError } from '../../shared/common.errors';
import { DailyQuotas } from '../quotas/daily-quotas.service';
import { DEFAULT_UPLOAD_FOLDER, MAX_UPLOAD_BYTES } from './upload-limits';

export interface UploadRequest {
  /** The name the client sent; only its base name is used. */
  fileName: string;
  /** A folder of the workspace, relative; `uploads` when absent. */
  folder?: string;
  data: Uint8Array;
}

export interface UploadedFile {
  file: WorkspaceFile;
  name: string;
  type: UploadType;
}

/**
 * Puts a user's upload in their workspace (behaviour rule 8): under a folder they may name (checked
 * by the workspace path rules) and the base name of the file they sent, never a path they sent. The
 * type is decided by content; the bytes are spent from the daily workspace write quota first.
 */
@injectable()
export class WorkspaceUploader {
  constructor(
    @inject(WORKSPACE_FILES) private readonly files: WorkspaceFiles,
    @inject(DailyQuotas) private readonly quotas: Pick<DailyQuotas, 'take'>,
  ) {}

  async upload(actor: Actor, request: UploadRequest): Promise<UploadedFile> {
    if (request.data.byteLength > MAX_UPLOAD_BYTES) throw new WorkspaceFileTooLargeError(MAX_UPLOAD_BYTES);
    if (request.data.byteLength === 0) throw new ValidationError('The file is empty', [{ field: 'file', message: 'must not be empty' }]);
    const name = uploadFileName(request.fileName);
    const folder = request.folder === undefined || request.folder === '' ? [DEFAULT_UPLOAD_FOLDER] : workspacePathSegments(request.folder);
    const path = workspacePathSegments([...folder, name].join('/')).join('/');
    const type = uploadTypeOf(name, request.data);
    await this.quotas.take(actor.userId, 'workspaceWriteBytes', request.data.byteLength);
    return { file: await this.files.write(actor.userId, path, request.data), name, type };
  }
}
