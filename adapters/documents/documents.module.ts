import { ContainerModule } from 'inversify';
import { DOCUMENT_TEXT_EXTRACTOR, DocumentTextExtractor } from '../../core/ports/document-text-extractor.port';
import { KNOWLEDGE_SETTINGS } from '../../core/services/knowledge/knowledge-settings';
import { DEFAULT_DOCUMENT_EXTRACTION_LIMITS, DocumentExtractionLimits } from './document-extraction-limits';
import { SniffingDocumentTextExtractor } from './sniffing-document-text-extractor';

/** DOCUMENT_TEXT_EXTRACTOR, sized by KNOWLEDGE_SETTINGS (upload bytes, document characters) and `limits`. */
export function documentsModule(limits: Partial<DocumentExtractionLimits> = {}): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<DocumentTextExtractor>(DOCUMENT_TEXT_EXTRACTOR)
      .toDynamicValue((context) => new SniffingDocumentTextExtractor(context.get(KNOWLEDGE_SETTINGS), { ...DEFAULT_DOCUMENT_EXTRACTION_LIMITS, ...limits }))
      .inSingletonScope();
  });
}
