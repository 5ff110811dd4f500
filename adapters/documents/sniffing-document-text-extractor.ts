import { DocumentExtractionFailedError, UploadedDocumentTooLargeError } from '../../core/domain/knowledge/knowledge-upload.errors';
import { KnowledgeDocumentTooLargeError } from '../../core/domain/knowledge/knowledge.errors';
import { DocumentFile, DocumentSourceType, DocumentTextExtractor, ExtractedDocumentText } from '../../core/ports/document-text-extractor.port';
import { KnowledgeSettings } from '../../core/services/knowledge/knowledge-settings';
import { DocumentExtractionLimits } from './document-extraction-limits';
import { sniffDocument } from './document-type-sniffer';
import { ExtractionAnswer } from './extraction-worker-source';
import { ExtractionWorkers } from './extraction-workers';

/**
 * Text from PDF (pdf.js), DOCX (mammoth), HTML (html-to-text, as Markdown headings and
 * paragraphs), Markdown and plain text, the type decided by the content. Text files are decoded
 * here; the three parsers run in worker threads (ExtractionWorkers).
 */
export class SniffingDocumentTextExtractor implements DocumentTextExtractor {
  private readonly workers: ExtractionWorkers;

  constructor(
    private readonly settings: Pick<KnowledgeSettings, 'maxUploadBytes' | 'maxDocumentChars'>,
    private readonly limits: DocumentExtractionLimits,
  ) {
    this.workers = new ExtractionWorkers(limits);
  }

  typeOf(file: DocumentFile): DocumentSourceType {
    if (file.bytes.byteLength > this.settings.maxUploadBytes) throw new UploadedDocumentTooLargeError(this.settings.maxUploadBytes);
    const sniffed = sniffDocument(file);
    if (sniffed.kind === 'text') return sniffed.markdown ? 'markdown' : 'text';
    return sniffed.kind;
  }

  async extract(file: DocumentFile): Promise<ExtractedDocumentText> {
    if (file.bytes.byteLength > this.settings.maxUploadBytes) throw new UploadedDocumentTooLargeError(this.settings.maxUploadBytes);
    const maxChars = this.settings.maxDocumentChars;
    const sniffed = sniffDocument(file);
    switch (sniffed.kind) {
      case 'text': {
        const text = sniffed.text.replace(/\r\n?/g, '\n');
        if (!text.trim()) throw new DocumentExtractionFailedError('the file holds no text');
        return this.capped({ text, contentType: sniffed.markdown ? 'text/markdown' : 'text/plain', sourceType: sniffed.markdown ? 'markdown' : 'text' });
      }
      case 'html': {
        const { text } = this.extracted(await this.workers.run({ kind: 'html', html: sniffed.html, maxChars }));
        return this.capped({ text, contentType: 'text/markdown', sourceType: 'html' });
      }
      case 'docx': {
        if (sniffed.expandedBytes > this.limits.maxExpandedDocxBytes) {
          throw new DocumentExtractionFailedError(`the DOCX expands to more than ${Math.round(this.limits.maxExpandedDocxBytes / 1048576)} MB`);
        }
        const { text } = this.extracted(await this.workers.run({ kind: 'docx', bytes: file.bytes, maxChars }));
        return this.capped({ text, contentType: 'text/plain', sourceType: 'docx' });
      }
      case 'pdf': {
        const { text, pages } = this.extracted(await this.workers.run({ kind: 'pdf', bytes: file.bytes, maxPages: this.limits.maxPages, maxChars }));
        return this.capped({ text, contentType: 'text/plain', sourceType: 'pdf', ...(pages === undefined ? {} : { pages }) });
      }
    }
  }

  private extracted(answer: ExtractionAnswer): { text: string; pages?: number } {
    if (answer.ok) return answer;
    if ('tooLong' in answer) throw new KnowledgeDocumentTooLargeError(this.settings.maxDocumentChars);
    throw new DocumentExtractionFailedError(answer.failed);
  }

  /** The worker stops at the cap already; text files and the final tidy-up are checked here. */
  private capped(extracted: ExtractedDocumentText): ExtractedDocumentText {
    if (extracted.text.length > this.settings.maxDocumentChars) throw new KnowledgeDocumentTooLargeError(this.settings.maxDocumentChars);
    return extracted;
  }
}
