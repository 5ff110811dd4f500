/** A named collection of documents that semantic search and RAG read from. */
export interface KnowledgeBase {
  /** UUID. */
  id: string;
  ownerId: string;
  name: string;
  description: string;
  /** Public bases are readable (searchable) by every user; only the owner and admins write them. */
  isPublic: boolean;
  /**
   * The embedding model its vectors were made with (see `embeddingModelOf`); '' until the
   * first document. Vectors of different models never mix in one base.
   */
  embeddingModel: string;
  /** How its documents are cut into passages. */
  chunking: { size: number; overlap: number };
  createdAt: Date;
  /** Moves on every change of the base or of its documents. */
  updatedAt: Date;
}

/** A base with the number of documents it holds, as lists and detail views show it. */
export interface KnowledgeBaseSummary extends KnowledgeBase {
  documentCount: number;
}
