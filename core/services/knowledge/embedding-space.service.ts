import { inject, injectable } from 'inversify';
import { KnowledgeBase } from '../../domain/knowledge/knowledge-base.entity';
import { KnowledgeBaseEmbeddingMismatchError, KnowledgeBaseNotFoundError } from '../../domain/knowledge/knowledge.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { EMBEDDING_PROVIDER, EmbeddingProvider, embeddingModelOf } from '../../ports/embedding-provider.port';
import { KNOWLEDGE_BASE_REPOSITORY, KnowledgeBaseRepository } from '../../ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../ports/knowledge-document-repository.port';

/**
 * Keeps one vector space per base: a base records the embedding model of its first indexed
 * document, and once it holds documents, indexing into it or searching it with another model
 * is refused (409) instead of silently comparing vectors of two models.
 */
@injectable()
export class EmbeddingSpace {
  constructor(
    @inject(EMBEDDING_PROVIDER) private readonly embeddings: EmbeddingProvider,
    @inject(KNOWLEDGE_BASE_REPOSITORY) private readonly bases: KnowledgeBaseRepository,
    @inject(KNOWLEDGE_DOCUMENT_REPOSITORY) private readonly documents: KnowledgeDocumentRepository,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The model this server embeds with. */
  get current(): string {
    return embeddingModelOf(this.embeddings);
  }

  /** Before writing vectors into the base: adopts the current model when the base is empty. */
  async claimFor(base: KnowledgeBase): Promise<void> {
    if (base.embeddingModel === this.current) return;
    if (base.embeddingModel !== '' && (await this.holdsDocuments(base))) {
      throw new KnowledgeBaseEmbeddingMismatchError(base.embeddingModel, this.current);
    }
    if (!(await this.bases.setEmbeddingModel(base.id, this.current, this.clock.now()))) throw new KnowledgeBaseNotFoundError(base.id);
  }

  /** Before searching the base: its vectors must come from the current model. */
  checkSearchable(base: KnowledgeBase): void {
    if (base.embeddingModel !== '' && base.embeddingModel !== this.current) {
      throw new KnowledgeBaseEmbeddingMismatchError(base.embeddingModel, this.current);
    }
  }

  private async holdsDocuments(base: KnowledgeBase): Promise<boolean> {
    const counts = await this.documents.countByKnowledgeBases([base.id]);
    return (counts.get(base.id) ?? 0) > 0;
  }
}
