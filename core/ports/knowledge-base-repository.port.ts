import { KnowledgeBase } from '../domain/knowledge/knowledge-base.entity';
import { KnowledgeBaseVisibility } from '../domain/knowledge/knowledge-base-visibility';
import { Page, PageRequest } from '../shared/pagination';
import { token } from '../shared/token';

/** Knowledge bases. Visibility is applied in the database, never by filtering a loaded list. */
export interface KnowledgeBaseRepository {
  create(base: KnowledgeBase): Promise<void>;
  findById(id: string): Promise<KnowledgeBase | null>;
  /** Newest first (then by id). */
  list(visibility: KnowledgeBaseVisibility, page: PageRequest): Promise<Page<KnowledgeBase>>;
  /** Ids of every visible base, for filtering a vector search. */
  visibleIds(visibility: KnowledgeBaseVisibility): Promise<string[]>;
  /** Records the embedding model of a base that had none (or no documents); false when the base is gone. */
  setEmbeddingModel(id: string, embeddingModel: string, updatedAt: Date): Promise<boolean>;
  /** Sets `updatedAt`; false when the base is gone. */
  touch(id: string, updatedAt: Date): Promise<boolean>;
  /** Deletes the base with its documents and chunks; false when there was none. */
  delete(id: string): Promise<boolean>;
}

export const KNOWLEDGE_BASE_REPOSITORY = token<KnowledgeBaseRepository>('KnowledgeBaseRepository');
