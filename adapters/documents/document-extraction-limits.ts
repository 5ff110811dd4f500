/** How far the extraction of one PDF, DOCX or HTML file may go; the size caps are KnowledgeSettings'. */
export interface DocumentExtractionLimits {
  /** Wall-clock time a worker gets, start-up included, before it is terminated. */
  timeoutMs: number;
  /** PDFs with more pages are refused. */
  maxPages: number;
  /** V8 old-generation heap of a worker: a decompression bomb ends there, not in the API. */
  workerHeapMb: number;
  /** Extractions running at once; more wait their turn. */
  maxConcurrent: number;
  /** A DOCX whose entries declare more bytes than this, once inflated, is refused up front. */
  maxExpandedDocxBytes: number;
}

export const DEFAULT_DOCUMENT_EXTRACTION_LIMITS: DocumentExtractionLimits = {
  timeoutMs: 30_000,
  maxPages: 2000,
  workerHeapMb: 256,
  maxConcurrent: 2,
  maxExpandedDocxBytes: 100 * 1024 * 1024,
};
