import { token } from '../shared/token';

/** An uploaded file, as received: its bytes decide its type; the name and declared type only refine it. */
export interface DocumentFile {
  bytes: Uint8Array;
  /** The uploaded file's name: `.md`/`.markdown` makes text Markdown. */
  filename?: string;
  /** The MIME type the client declared (`text/markdown` makes text Markdown). */
  declaredType?: string;
}

export type DocumentSourceType = 'pdf' | 'docx' | 'html' | 'markdown' | 'text';

export interface ExtractedDocumentText {
  text: string;
  /** What the knowledge base stores the text as (see KnowledgeDocument.contentType). */
  contentType: 'text/plain' | 'text/markdown';
  /** What the file turned out to be, by its content. */
  sourceType: DocumentSourceType;
  /** PDFs only: the number of pages read. */
  pages?: number;
}

/**
 * Turns an uploaded file into the text a knowledge base ingests. Fails with
 * `knowledge_upload.unsupported_type`, `knowledge_upload.too_large`,
 * `knowledge_upload.extraction_failed` (a human-readable reason) or
 * `knowledge_document.too_large` (the text is longer than KnowledgeSettings.maxDocumentChars).
 */
export interface DocumentTextExtractor {
  /** What the file is, by its content, without extracting it (cheap; same failures as `extract` for type and size). */
  typeOf(file: DocumentFile): DocumentSourceType;
  extract(file: DocumentFile): Promise<ExtractedDocumentText>;
}

export const DOCUMENT_TEXT_EXTRACTOR = token<DocumentTextExtractor>('DocumentTextExtractor');
