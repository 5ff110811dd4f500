import { DomainError } from '../../shared/domain-error';

/**
 * A workspace path that could leave the caller's workspace or is malformed: absolute, with `..`,
 * percent-encoded traversal, a NUL byte, or a symlink that points outside (behaviour rule 8).
 */
export class WorkspacePathRefusedError extends DomainError {
  readonly code = 'workspace.path_refused';
  constructor(reason: string) {
    super(`The path is refused: ${reason}`);
  }
}

export class WorkspaceFileNotFoundError extends DomainError {
  readonly code = 'workspace.not_found';
  constructor(path: string) {
    super(`No file "${path}" in the workspace`);
  }
}

/** A file larger than the operation allows. */
export class WorkspaceFileTooLargeError extends DomainError {
  readonly code = 'workspace.too_large';
  constructor(maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}

/** A folder that still holds files or folders cannot be deleted. */
export class WorkspaceFolderNotEmptyError extends DomainError {
  readonly code = 'workspace.conflict';
  constructor(path: string) {
    super(`The folder "${path}" is not empty`);
  }
}

/** A write that would take the owner's workspace past its size cap (bytes, or files and folders). */
export class WorkspaceFullError extends DomainError {
  readonly code = 'workspace.exceeded';
  constructor(limit: string) {
    super(`The workspace is full (at most ${limit}); delete files first`);
  }
}

/** An upload whose content is not one of the accepted types, or does not match its extension. */
export class UploadTypeRefusedError extends DomainError {
  readonly code = 'upload.unsupported_type';
}
