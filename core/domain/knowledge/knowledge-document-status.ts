/**
 * `pending`: accepted, waiting for its ingestion job; `processing`: being extracted, chunked
 * and indexed; `ready`: searchable; `failed`: ingestion gave up, with a reason. Only `ready`
 * documents are ever served by search, so an interrupted ingestion is never half-visible.
 */
export const KNOWLEDGE_DOCUMENT_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;

export type KnowledgeDocumentStatus = (typeof KNOWLEDGE_DOCUMENT_STATUSES)[number];
