import { DomainError } from '../../shared/domain-error';

/** The file's content is none of the accepted types (PDF, DOCX, HTML, UTF-8/UTF-16 text), whatever its name says. */
export class UploadedDocumentTypeError extends DomainError {
  readonly code = 'knowledge_upload.unsupported_type';
  constructor(what: string) {
    super(`Unsupported file: ${what}. Accepted: PDF, DOCX, HTML, Markdown and plain text (UTF-8)`);
  }
}

export class UploadedDocumentTooLargeError extends DomainError {
  readonly code = 'knowledge_upload.too_large';
  constructor(maxBytes: number) {
    super(`The file is larger than ${formatBytes(maxBytes)}`);
  }
}

/** The type is accepted but its text could not be read: corrupt, encrypted, scanned, too complex. */
export class DocumentExtractionFailedError extends DomainError {
  readonly code = 'knowledge_upload.extraction_failed';
  constructor(readonly why: string) {
    super(`The text could not be extracted: ${why}`);
  }
}

function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${bytes} bytes`;
}
