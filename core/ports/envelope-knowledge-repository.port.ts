import { token } from '../shared/token';

/** An envelope document: its integer id over the knowledge module's document. */
export interface EnvelopeDocumentLink {
  id: number;
  agentId: number;
  knowledgeDocumentId: string;
  filename: string;
}

/** Which knowledge base holds an envelope agent's documents, and the envelope ids of those documents. */
export interface EnvelopeKnowledgeRepository {
  /** The agent's base; null until its first upload. */
  baseOf(agentId: number): Promise<string | null>;
  /** Ties the agent to the base; false when the agent already has one (a concurrent first upload won). */
  linkBase(agentId: number, knowledgeBaseId: string): Promise<boolean>;
  /** Stores the link and answers it with its database id. */
  addDocument(link: Omit<EnvelopeDocumentLink, 'id'>, createdAt: Date): Promise<EnvelopeDocumentLink>;
  /** The links of those knowledge documents that have one. */
  documentsOf(knowledgeDocumentIds: string[]): Promise<EnvelopeDocumentLink[]>;
}

export const ENVELOPE_KNOWLEDGE_REPOSITORY = token<EnvelopeKnowledgeRepository>('EnvelopeKnowledgeRepository');
