import { ContainerModule } from 'inversify';
import { KNOWLEDGE_GATEWAY, KnowledgeGateway } from '../core/ports/knowledge-gateway.port';
import { KnowledgeGatewayService } from '../core/services/knowledge/knowledge-gateway.service';
import { DEFAULT_KNOWLEDGE_SETTINGS, KNOWLEDGE_SETTINGS, KnowledgeSettings } from '../core/services/knowledge/knowledge-settings';

/**
 * KNOWLEDGE_SETTINGS and KNOWLEDGE_GATEWAY. The knowledge use cases (bases, documents,
 * ingestion, search, RAG) need the storage module (repositories, UNIT_OF_WORK), VECTOR_STORE, EMBEDDING_PROVIDER,
 * LLM_PROVIDER, CLOCK, ID_GENERATOR, LOGGER and AuditTrail.
 */
export function knowledgeModule(settings: KnowledgeSettings = DEFAULT_KNOWLEDGE_SETTINGS): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(KNOWLEDGE_SETTINGS).toConstantValue(settings);
    bind<KnowledgeGateway>(KNOWLEDGE_GATEWAY).to(KnowledgeGatewayService).inSingletonScope();
  });
}
