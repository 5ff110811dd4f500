import { inject, injectable } from 'inversify';
import { KnowledgeBase } from '../../domain/knowledge/knowledge-base.entity';
import { KnowledgeBaseEmbeddingMismatchError, KnowledgeBaseNotFoundError } from '../../domain/knowledge/knowledge.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { EMBEDDING_PROVIDER, EmbeddingProvider, embeddingModelOf } from '../../ports/embedding-provider.port';
import { KNOWLEDGE_BASE_REPOSITORY, KnowledgeBaseRepository } from '../../ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../ports/knowledge-document-repository.port';
import { knowledgeCollection, LEGACY_EMBEDDING_MODEL } from './knowledge-vectors';

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

  /**
   * Before writing vectors into the base: adopts the current model when the base is empty (or
   * new); the model whose collection the vectors go to.
   */
  async claimFor(base: KnowledgeBase): Promise<string> {
    if (this.compatible(base.embeddingModel) && base.embeddingModel !== '') return base.embeddingModel;
    if (base.embeddingModel !== '' && (await this.holdsDocuments(base))) {
      throw new KnowledgeBaseEmbeddingMismatchError(base.embeddingModel, this.current);
    }
    if (!(await this.bases.setEmbeddingModel(base.id, this.current, this.clock.now()))) throw new KnowledgeBaseNotFoundError(base.id);
    return this.current;
  }

  /** Before searching the base's vectors: they must come from the current model. */
  checkSearchable(base: KnowledgeBase): void {
    if (!this.compatible(base.embeddingModel)) throw new KnowledgeBaseEmbeddingMismatchError(base.embeddingModel, this.current);
  }

  /** The collection holding the base's vectors. */
  collectionOf(base: KnowledgeBase): string {
    return knowledgeCollection(base.embeddingModel === '' ? this.current : base.embeddingModel);
  }

  /** The collections a search over several bases reads: the current model's and the legacy one. */
  searchableCollections(): string[] {
    return [knowledgeCollection(this.current), knowledgeCollection(LEGACY_EMBEDDING_MODEL)];
  }

  /** '' (nothing indexed yet), the current model, or legacy (indexed before models were recorded: assumed current). */
  private compatible(model: string): boolean {
    return model === '' || model === this.current || model === LEGACY_EMBEDDING_MODEL;
  }

  private async holdsDocuments(base: KnowledgeBase): Promise<boolean> {
    const counts = await this.documents.countByKnowledgeBases([base.id]);
    return (counts.get(base.id) ?? 0) > 0;
  }
}
