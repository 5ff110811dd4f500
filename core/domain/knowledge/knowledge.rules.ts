import { FieldIssue } from '../../shared/domain-error';
import { DocumentMetadata } from './knowledge-document.entity';

export const KNOWLEDGE_LIMITS = {
  nameChars: 100,
  descriptionChars: 2000,
  titleChars: 255,
  metadataKeys: 20,
  metadataKeyChars: 64,
  metadataValueChars: 1000,
} as const;

export const DOCUMENT_CONTENT_TYPES = ['text/plain', 'text/markdown'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

export interface KnowledgeBaseSpec {
  name: string;
  description?: string;
  isPublic?: boolean;
  /** Passage size in characters, within `chunkSizeRange`; default KnowledgeSettings.chunking. */
  chunkSize?: number;
  /** At most half the chunk size. */
  chunkOverlap?: number;
  /** Must name the model this server embeds with, when given. */
  embeddingModel?: string;
}

export function knowledgeBaseIssues(
  spec: KnowledgeBaseSpec,
  chunking: { size: number; overlap: number },
  chunkSizeRange: { min: number; max: number },
  serverEmbeddingModel: string,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  textIssue(issues, 'name', spec.name, KNOWLEDGE_LIMITS.nameChars, true);
  if (spec.description !== undefined) textIssue(issues, 'description', spec.description, KNOWLEDGE_LIMITS.descriptionChars, false);
  const { min, max } = chunkSizeRange;
  if (!Number.isInteger(chunking.size) || chunking.size < min || chunking.size > max) {
    issues.push({ field: 'chunk_size', message: `must be an integer from ${min} to ${max}` });
  } else if (!Number.isInteger(chunking.overlap) || chunking.overlap < 0 || chunking.overlap * 2 > chunking.size) {
    issues.push({ field: 'chunk_overlap', message: 'must be an integer from 0 to half the chunk size' });
  }
  if (spec.embeddingModel !== undefined && spec.embeddingModel !== serverEmbeddingModel) {
    issues.push({ field: 'embedding_model', message: `this server embeds with "${serverEmbeddingModel}"` });
  }
  return issues;
}

export interface DocumentSpec {
  title: string;
  content: string;
  contentType?: string;
  metadata?: DocumentMetadata;
}

/** Checks everything but the content's length, which KnowledgeSettings bounds. */
export function documentIssues(spec: DocumentSpec): FieldIssue[] {
  const issues: FieldIssue[] = [];
  textIssue(issues, 'title', spec.title, KNOWLEDGE_LIMITS.titleChars, true);
  if (spec.content.trim() === '') issues.push({ field: 'content', message: 'must contain text' });
  if (spec.contentType !== undefined && !(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(spec.contentType)) {
    issues.push({ field: 'content_type', message: `must be one of ${DOCUMENT_CONTENT_TYPES.join(', ')}` });
  }
  issues.push(...metadataIssues(spec.metadata ?? {}));
  return issues;
}

export function metadataIssues(metadata: DocumentMetadata): FieldIssue[] {
  const entries = Object.entries(metadata);
  if (entries.length > KNOWLEDGE_LIMITS.metadataKeys) {
    return [{ field: 'metadata', message: `must have at most ${KNOWLEDGE_LIMITS.metadataKeys} keys` }];
  }
  const issues: FieldIssue[] = [];
  for (const [key, value] of entries) {
    if (key.length === 0 || key.length > KNOWLEDGE_LIMITS.metadataKeyChars) {
      issues.push({ field: 'metadata', message: `keys must be 1 to ${KNOWLEDGE_LIMITS.metadataKeyChars} characters` });
    } else if (!isMetadataValue(value)) {
      issues.push({ field: `metadata.${key}`, message: 'must be a string, a finite number or a boolean' });
    } else if (typeof value === 'string' && value.length > KNOWLEDGE_LIMITS.metadataValueChars) {
      issues.push({ field: `metadata.${key}`, message: `must be at most ${KNOWLEDGE_LIMITS.metadataValueChars} characters` });
    }
  }
  return issues;
}

function isMetadataValue(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function textIssue(issues: FieldIssue[], field: string, value: string, max: number, required: boolean): void {
  if (required && value.trim() === '') issues.push({ field, message: 'must not be empty' });
  else if (value.length > max) issues.push({ field, message: `must be at most ${max} characters` });
}
