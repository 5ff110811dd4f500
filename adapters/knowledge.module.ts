import { ContainerModule } from 'inversify';
import { KNOWLEDGE_GATEWAY, KnowledgeGateway } from '../core/ports/knowledge-gateway.port';
import { JOB_HANDLER } from '../core/services/jobs/job-handler';
import { DocumentIngestionHandler } from '../core/services/knowledge/document-ingestion.handler';
import { KnowledgeGatewayService } from '../core/services/knowledge/knowledge-gateway.service';

/**
 * KNOWLEDGE_GATEWAY and the `knowledge.ingest` job handler. The knowledge use cases (bases, documents, ingestion, search, RAG)
 * need KNOWLEDGE_SETTINGS (the settings module), the storage module (repositories, UNIT_OF_WORK), VECTOR_STORE, EMBEDDING_PROVIDER,
 * LLM_PROVIDER, CLOCK, ID_GENERATOR, LOGGER and AuditTrail.
 */
export function knowledgeModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<KnowledgeGateway>(KNOWLEDGE_GATEWAY).to(KnowledgeGatewayService).inSingletonScope();
    bind(JOB_HANDLER).to(DocumentIngestionHandler).inSingletonScope();
  });
}
