import { DocumentMetadata } from '../../../core/domain/knowledge/knowledge-document.entity';
import { KnowledgeSearchHit } from '../../../core/domain/knowledge/knowledge-search';
import { DocumentContentType, DOCUMENT_CONTENT_TYPES } from '../../../core/domain/knowledge/knowledge.rules';
import { KnowledgeGateway } from '../../../core/ports/knowledge-gateway.port';
import { JsonObject, JsonValue } from '../../../core/shared/json';
import { argsObject, optionalEnum, optionalNumber, optionalString, requiredString } from './capability-args';
import { CapabilityError } from './capability-error';
import { CapabilityCallContext, CapabilityHandler } from './capability-handler';
import { maxModelCalls } from './llm-capability';

/** Host-side bounds of the `knowledge` capability, per tool call. */
export const KNOWLEDGE_CAPABILITY_LIMITS = {
  /** Capability calls one tool call may make. */
  maxCalls: 50,
  /** Characters of one `addDocument` text (larger texts belong to the upload endpoint). */
  maxContentChars: 200_000,
} as const;

/**
 * The host side of `knowledge` (kernel-api.d.ts): search, listBases, addDocument and answer, run by
 * the core's knowledge use cases as the tool's caller, so the caller's rights are the tool's rights.
 */
export class KnowledgeCapability implements CapabilityHandler {
  constructor(private readonly gateway: KnowledgeGateway) {}

  async handle(method: string, args: JsonValue, context: CapabilityCallContext): Promise<JsonValue> {
    if (context.count() > KNOWLEDGE_CAPABILITY_LIMITS.maxCalls) {
      throw new CapabilityError('quota_exceeded', `A tool call may use knowledge at most ${KNOWLEDGE_CAPABILITY_LIMITS.maxCalls} times`);
    }
    const where = `knowledge.${method}`;
    const input = argsObject(args, where);
    switch (method) {
      case 'search':
        return this.search(input, context, where);
      case 'listBases':
        return this.listBases(context);
      case 'addDocument':
        return this.addDocument(input, context, where);
      case 'answer':
        return this.answer(input, context, where);
      default:
        throw new CapabilityError('invalid_argument', `knowledge has no method "${method}"`);
    }
  }

  private async search(input: JsonObject, context: CapabilityCallContext, where: string): Promise<JsonValue> {
    const hits = await this.gateway.search(context.actor, {
      query: requiredString(input, 'query', where),
      knowledgeBaseId: optionalString(input, 'knowledgeBaseId', where),
      topK: optionalNumber(input, 'topK', where),
    });
    return { items: hits.map(passageOf) };
  }

  /**
   * The core's RAG answer (the same prompt and citations as the platform's own endpoint). It makes
   * a model call, governed as `llm.chat`'s: it needs the `llm` grant and counts against its
   * `maxCalls`, before the search (so also when nothing is found and no model is asked).
   */
  private async answer(input: JsonObject, context: CapabilityCallContext, where: string): Promise<JsonValue> {
    const llm = context.alsoUses('llm');
    if (llm === undefined) {
      throw new CapabilityError('capability_denied', 'knowledge.answer makes a model call: the manifest must declare the "llm" capability too');
    }
    const question = {
      question: requiredString(input, 'question', where),
      knowledgeBaseId: optionalString(input, 'knowledgeBaseId', where),
      topK: optionalNumber(input, 'topK', where),
    };
    const maxCalls = maxModelCalls(llm.grant);
    if (llm.count() > maxCalls) throw new CapabilityError('quota_exceeded', `More than ${maxCalls} model calls in one tool call`);
    const rag = await this.gateway.answer(context.actor, { ...question, budget: context.budget, signal: context.signal });
    return {
      answer: rag.answer,
      grounded: rag.grounded,
      sources: rag.sources.map((source) => ({ number: source.index, ...passageOf(source) })),
      citations: rag.citations,
      model: rag.model,
      usage: { ...rag.usage },
    };
  }

  private async listBases(context: CapabilityCallContext): Promise<JsonValue> {
    const bases = await this.gateway.listBases(context.actor);
    return {
      items: bases.map((base) => ({
        id: base.id,
        name: base.name,
        description: base.description,
        documents: base.documentCount,
        isPublic: base.isPublic,
        writable: base.writable,
      })),
    };
  }

  private async addDocument(input: JsonObject, context: CapabilityCallContext, where: string): Promise<JsonValue> {
    const content = requiredString(input, 'content', where);
    if (content.length > KNOWLEDGE_CAPABILITY_LIMITS.maxContentChars) {
      throw new CapabilityError('too_large', `${where}: "content" is over ${KNOWLEDGE_CAPABILITY_LIMITS.maxContentChars} characters`);
    }
    const document = await this.gateway.addDocument(context.actor, {
      knowledgeBaseId: requiredString(input, 'knowledgeBaseId', where),
      title: requiredString(input, 'title', where),
      content,
      contentType: optionalEnum<DocumentContentType>(input, 'contentType', DOCUMENT_CONTENT_TYPES, where),
      metadata: metadataOf(input, where),
    });
    return { documentId: document.id, chunks: document.chunkCount };
  }
}

function passageOf(hit: KnowledgeSearchHit): JsonObject {
  return {
    documentId: hit.documentId,
    knowledgeBaseId: hit.knowledgeBaseId,
    filename: hit.title,
    chunkIndex: hit.chunkIndex,
    content: hit.content,
    score: hit.score,
  };
}

function metadataOf(input: JsonObject, where: string): DocumentMetadata | undefined {
  const value = input.metadata;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw new CapabilityError('invalid_argument', `${where}: "metadata" must be an object`);
  const entries = Object.entries(value).map(([key, item]): [string, string | number | boolean] => {
    if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') {
      throw new CapabilityError('invalid_argument', `${where}: "metadata.${key}" must be a string, a number or a boolean`);
    }
    return [key, item];
  });
  // fromEntries defines own properties: a "__proto__" key stays a plain key, never a prototype.
  return Object.fromEntries(entries);
}
