import { ContainerModule } from 'inversify';
import { KNOWLEDGE_GATEWAY, KnowledgeGateway } from '../core/ports/knowledge-gateway.port';
import { Token } from '../core/shared/token';
import { DocumentIngestor } from '../core/services/knowledge/document-ingestor.service';
import { KnowledgeBaseAccess } from '../core/services/knowledge/knowledge-base-access';
import { KnowledgeBaseManager } from '../core/services/knowledge/knowledge-base-manager.service';
import { KnowledgeDocumentManager } from '../core/services/knowledge/knowledge-document-manager.service';
import { KnowledgeGatewayService } from '../core/services/knowledge/knowledge-gateway.service';
import { KnowledgeSearcher } from '../core/services/knowledge/knowledge-searcher.service';
import { DEFAULT_KNOWLEDGE_SETTINGS, KNOWLEDGE_SETTINGS, KnowledgeSettings } from '../core/services/knowledge/knowledge-settings';
import { RagAnswerer } from '../core/services/knowledge/rag-answerer.service';
import { KnowledgeCapability } from '../plugins/kernel/capabilities/knowledge-capability';
import { PluginKernel } from '../plugins/kernel/plugin-kernel';

/**
 * The knowledge use cases (bases, documents, ingestion, search, RAG) and KNOWLEDGE_GATEWAY.
 * Needs the storage module (repositories, UNIT_OF_WORK), VECTOR_STORE, EMBEDDING_PROVIDER,
 * LLM_PROVIDER, CLOCK, ID_GENERATOR, LOGGER and AuditTrail.
 */
export function knowledgeModule(settings: KnowledgeSettings = DEFAULT_KNOWLEDGE_SETTINGS): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(KNOWLEDGE_SETTINGS).toConstantValue(settings);
    bind(KnowledgeBaseAccess).toSelf().inSingletonScope();
    bind(KnowledgeBaseManager).toSelf().inSingletonScope();
    bind(KnowledgeDocumentManager).toSelf().inSingletonScope();
    bind(DocumentIngestor).toSelf().inSingletonScope();
    bind(KnowledgeSearcher).toSelf().inSingletonScope();
    bind(RagAnswerer).toSelf().inSingletonScope();
    bind<KnowledgeGateway>(KNOWLEDGE_GATEWAY).to(KnowledgeGatewayService).inSingletonScope();
  });
}

/** Installs the host side of the plugins' `knowledge` capability; call it before `kernel.start()`. */
export function registerKnowledgeCapability(container: { get<T>(token: Token<T>): T }, kernel: PluginKernel): void {
  kernel.capabilities.register('knowledge', new KnowledgeCapability(container.get(KNOWLEDGE_GATEWAY)));
}
