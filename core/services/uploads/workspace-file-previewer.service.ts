import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { contentTypeOf, FileContentType, textOf } from '../../domain/workspace/file-content-type';
import { normalWorkspacePath } from '../../domain/workspace/workspace-path';
import { WORKSPACE_FILES, WorkspaceFile, WorkspaceFiles } from '../../ports/workspace-files.port';
import { ValidationError } from '../../shared/common.errors';
import { DEFAULT_PREVIEW_CHARS, MAX_PREVIEW_CHARS, PREVIEW_HEAD_BYTES } from './upload-limits';

export interface FilePreview {
  file: WorkspaceFile;
  name: string;
  type: FileContentType;
  /** True for PDF, images and any file that is not UTF-8 text: `text` is then null. */
  binary: boolean;
  text: string | null;
  /** The text goes on past what is shown. */
  truncated: boolean;
}

/** A look at one file of the caller's workspace: what it is, and the start of its text. */
@injectable()
export class WorkspaceFilePreviewer {
  constructor(@inject(WORKSPACE_FILES) private readonly files: WorkspaceFiles) {}

  async preview(actor: Actor, path: string, maxChars = DEFAULT_PREVIEW_CHARS): Promise<FilePreview> {
    if (!Number.isInteger(maxChars) || maxChars < 1 || maxChars > MAX_PREVIEW_CHARS) {
      throw new ValidationError('Invalid query', [{ field: 'max_chars', message: `must be an integer from 1 to ${MAX_PREVIEW_CHARS}` }]);
    }
    const normal = normalWorkspacePath(path);
    // Only the head of the file is read, so a preview costs the same for any size of file.
    const { file, head } = await this.files.readHead(actor.userId, normal, PREVIEW_HEAD_BYTES);
    const whole = head.byteLength >= file.sizeBytes;
    const name = normal.split('/').pop() as string;
    const type = contentTypeOf(name, head, whole);
    const text = type === 'pdf' || type === 'png' || type === 'jpeg' ? undefined : textOf(head, whole);
    if (text === undefined) return { file, name, type, binary: true, text: null, truncated: false };
    // By code points, so a cut never splits a character in two.
    const characters = Array.from(text.slice(0, maxChars * 2)).slice(0, maxChars);
    const shown = characters.join('');
    return { file, name, type, binary: false, text: shown, truncated: shown.length < text.length || !whole };
  }
}
