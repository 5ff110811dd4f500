/**
 * `indexing`: stored, vectors being written; `ready`: searchable. Only `ready` documents are
 * ever served by search, so a document whose indexing was interrupted is never half-visible.
 */
export const KNOWLEDGE_DOCUMENT_STATUSES = ['indexing', 'ready'] as const;

export type KnowledgeDocumentStatus = (typeof KNOWLEDGE_DOCUMENT_STATUSES)[number];
