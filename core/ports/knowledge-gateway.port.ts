import { Actor } from '../domain/auth/actor';
import { KnowledgeBaseSummary } from '../domain/knowledge/knowledge-base.entity';
import { KnowledgeDocument } from '../domain/knowledge/knowledge-document.entity';
import { KnowledgeSearchHit, KnowledgeSearchRequest } from '../domain/knowledge/knowledge-search';
import { RagAnswer, RagQuestion } from '../domain/knowledge/rag-answer';
import { DocumentSpec } from '../domain/knowledge/knowledge.rules';
import { token } from '../shared/token';

/** A base as a tool sees it: with its size and whether the caller may add documents to it. */
export interface KnowledgeBaseListing extends KnowledgeBaseSummary {
  writable: boolean;
}

export interface DocumentAddRequest extends DocumentSpec {
  knowledgeBaseId: string;
}

/**
 * The knowledge use cases the plugin kernel's `knowledge` capability serves, acting as the
 * tool's caller. Failures are the use cases' DomainErrors (`knowledge_base.not_found`, …).
 */
export interface KnowledgeGateway {
  /** Every base the actor may read (at most the first 100, newest first). */
  listBases(actor: Actor): Promise<KnowledgeBaseListing[]>;
  search(actor: Actor, request: KnowledgeSearchRequest): Promise<KnowledgeSearchHit[]>;
  /** Search, then one grounded model call on the request's budget: the platform's RAG answer. */
  answer(actor: Actor, request: RagQuestion): Promise<RagAnswer>;
  /** Chunks, embeds and indexes the text; resolves once it is searchable. */
  addDocument(actor: Actor, request: DocumentAddRequest): Promise<KnowledgeDocument>;
}

export const KNOWLEDGE_GATEWAY = token<KnowledgeGateway>('KnowledgeGateway');
