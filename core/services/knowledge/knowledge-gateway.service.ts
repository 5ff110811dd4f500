import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { KnowledgeDocument } from '../../domain/knowledge/knowledge-document.entity';
import { KnowledgeSearchHit, KnowledgeSearchRequest } from '../../domain/knowledge/knowledge-search';
import { RagAnswer, RagQuestion } from '../../domain/knowledge/rag-answer';
import { DocumentAddRequest, KnowledgeBaseListing, KnowledgeGateway } from '../../ports/knowledge-gateway.port';
import { MAX_PAGE_SIZE } from '../../shared/pagination';
import { DocumentIngestor } from './document-ingestor.service';
import { KnowledgeBaseManager } from './knowledge-base-manager.service';
import { KnowledgeSearcher } from './knowledge-searcher.service';
import { RagAnswerer } from './rag-answerer.service';

/** The knowledge use cases behind the plugin kernel's `knowledge` capability. */
@injectable()
export class KnowledgeGatewayService implements KnowledgeGateway {
  constructor(
    @inject(KnowledgeBaseManager) private readonly manager: KnowledgeBaseManager,
    @inject(KnowledgeSearcher) private readonly searcher: KnowledgeSearcher,
    @inject(DocumentIngestor) private readonly ingestor: DocumentIngestor,
    @inject(RagAnswerer) private readonly answerer: RagAnswerer,
  ) {}

  async listBases(actor: Actor): Promise<KnowledgeBaseListing[]> {
    const page = await this.manager.list(actor, { page: 1, pageSize: MAX_PAGE_SIZE });
    return page.items.map((base) => ({ ...base, writable: can(actor, 'update', base) }));
  }

  search(actor: Actor, request: KnowledgeSearchRequest): Promise<KnowledgeSearchHit[]> {
    return this.searcher.search(actor, request);
  }

  answer(actor: Actor, request: RagQuestion): Promise<RagAnswer> {
    return this.answerer.answer(actor, request);
  }

  addDocument(actor: Actor, request: DocumentAddRequest): Promise<KnowledgeDocument> {
    const { knowledgeBaseId, ...spec } = request;
    return this.ingestor.add(actor, knowledgeBaseId, spec);
  }
}
