import { ContainerModule } from 'inversify';
import { KNOWLEDGE_GATEWAY, KnowledgeGateway } from '../core/ports/knowledge-gateway.port';
import { KnowledgeGatewayService } from '../core/services/knowledge/knowledge-gateway.service';

/**
 * KNOWLEDGE_GATEWAY. The knowledge use cases (bases, documents, ingestion, search, RAG)
 * need KNOWLEDGE_SETTINGS (the settings module), the storage module (repositories, UNIT_OF_WORK), VECTOR_STORE, EMBEDDING_PROVIDER,
 * LLM_PROVIDER, CLOCK, ID_GENERATOR, LOGGER and AuditTrail.
 */
export function knowledgeModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<KnowledgeGateway>(KNOWLEDGE_GATEWAY).to(KnowledgeGatewayService).inSingletonScope();
  });
}
