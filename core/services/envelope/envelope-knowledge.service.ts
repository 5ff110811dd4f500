import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { EnvelopeAgent } from '../../domain/envelope/envelope-agent.entity';
import { UploadedDocumentTooLargeError } from '../../domain/knowledge/knowledge-upload.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { DOCUMENT_TEXT_EXTRACTOR, DocumentTextExtractor } from '../../ports/document-text-extractor.port';
import { ENVELOPE_AGENT_REPOSITORY, EnvelopeAgentRepository } from '../../ports/envelope-agent-repository.port';
import { ENVELOPE_KNOWLEDGE_REPOSITORY, EnvelopeKnowledgeRepository } from '../../ports/envelope-knowledge-repository.port';
import { ValidationError } from '../../shared/common.errors';
import { DocumentIngestor } from '../knowledge/document-ingestor.service';
import { KnowledgeBaseManager } from '../knowledge/knowledge-base-manager.service';
import { KnowledgeSearcher } from '../knowledge/knowledge-searcher.service';
import { KNOWLEDGE_SETTINGS, KnowledgeSettings } from '../knowledge/knowledge-settings';
import { baseName } from '../knowledge/submission-checks';
import { owned } from './envelope-ownership';
import { envelopeActor } from './envelope-runnable-agent';

/** An uploaded file as the envelope contract receives it. */
export interface EnvelopeUpload {
  bytes: Uint8Array;
  filename: string;
}

export interface EnvelopeUploadResult {
  documentId: number;
  filename: string;
  chunks: number;
  status: string;
}

export interface EnvelopeSearchHit {
  documentId: number;
  filename: string;
  chunkIndex: number;
  content: string;
  score: number;
}

/** The types envelope-api.md accepts, by extension; the content must agree. */
const ACCEPTED: Record<string, ReadonlyArray<string>> = {
  '.pdf': ['pdf'],
  '.txt': ['text', 'markdown'],
  '.md': ['text', 'markdown'],
  '.markdown': ['text', 'markdown'],
};
const DEFAULT_TOP_K = 5;

/**
 * An envelope agent's knowledge (envelope-api.md "Knowledge"): each agent's documents go into a
 * knowledge base of its own, created on the first upload and owned by the envelope user, through
 * the knowledge module's own extraction, chunking, embedding and indexing; search is the module's
 * hybrid search over that base. Only the agent's owner uploads or searches (403/40300; 404/40400).
 */
@injectable()
export class EnvelopeKnowledge {
  constructor(
    @inject(ENVELOPE_AGENT_REPOSITORY) private readonly agents: EnvelopeAgentRepository,
    @inject(ENVELOPE_KNOWLEDGE_REPOSITORY) private readonly links: EnvelopeKnowledgeRepository,
    @inject(DOCUMENT_TEXT_EXTRACTOR) private readonly extractor: DocumentTextExtractor,
    @inject(KnowledgeBaseManager) private readonly bases: KnowledgeBaseManager,
    @inject(DocumentIngestor) private readonly ingestor: DocumentIngestor,
    @inject(KnowledgeSearcher) private readonly searcher: KnowledgeSearcher,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(KNOWLEDGE_SETTINGS) private readonly settings: KnowledgeSettings,
  ) {}

  /** Answers once the file is extracted, chunked and indexed (`ready`). */
  async upload(userId: number, agentId: number, file: EnvelopeUpload): Promise<EnvelopeUploadResult> {
    const agent = await this.agentOf(userId, agentId);
    const filename = baseName(file.filename).slice(0, 255);
    this.checkType(file, filename);
    const extracted = await this.extractor.extract({ bytes: file.bytes, filename });
    const actor = envelopeActor(userId);
    const baseId = await this.baseFor(actor, agent);
    const document = await this.ingestor.add(actor, baseId, { title: filename, content: extracted.text, contentType: extracted.contentType });
    const link = await this.links.addDocument({ agentId: agent.id, knowledgeDocumentId: document.id, filename }, this.clock.now());
    return { documentId: link.id, filename, chunks: document.chunkCount, status: document.status };
  }

  async search(userId: number, agentId: number, query: string, topK = DEFAULT_TOP_K): Promise<EnvelopeSearchHit[]> {
    const agent = await this.agentOf(userId, agentId);
    const actor = envelopeActor(userId);
    // An agent without uploads gets its (empty) base now, so its search is validated and answered like any other.
    const hits = await this.searcher.search(actor, { query, topK, knowledgeBaseId: await this.baseFor(actor, agent) });
    const links = new Map((await this.links.documentsOf(hits.map((hit) => hit.documentId))).map((link) => [link.knowledgeDocumentId, link]));
    return hits.flatMap((hit) => {
      const link = links.get(hit.documentId);
      return link ? [{ documentId: link.id, filename: link.filename, chunkIndex: hit.chunkIndex, content: hit.content, score: hit.score }] : [];
    });
  }

  /** Deletes the agent's base with its documents, passages and vectors (before the agent goes). */
  async forget(userId: number, agentId: number): Promise<void> {
    const baseId = await this.links.baseOf(agentId);
    if (baseId) await this.bases.delete(envelopeActor(userId), baseId);
  }

  private async agentOf(userId: number, agentId: number): Promise<EnvelopeAgent> {
    return owned(await this.agents.findById(agentId), userId, 'envelope_agent', 'Agent');
  }

  private checkType(file: EnvelopeUpload, filename: string): void {
    if (file.bytes.length > this.settings.maxUploadBytes) throw new UploadedDocumentTooLargeError(this.settings.maxUploadBytes);
    const extension = /\.[^.]+$/.exec(filename.toLowerCase())?.[0] ?? '';
    const accepted = ACCEPTED[extension];
    if (!accepted) throw new ValidationError('Only PDF, TXT or Markdown files are accepted', [{ field: 'file', message: 'must be a .pdf, .txt or .md file' }]);
    const type = this.extractor.typeOf({ bytes: file.bytes, filename });
    if (!accepted.includes(type)) {
      throw new ValidationError(`The file's content is not what its extension says`, [{ field: 'file', message: `holds ${type} content` }]);
    }
  }

  /** The agent's base, created on its first upload (a concurrent first upload's base wins, the other is removed). */
  private async baseFor(actor: Actor, agent: EnvelopeAgent): Promise<string> {
    const existing = await this.links.baseOf(agent.id);
    if (existing) return existing;
    const created = await this.bases.create(actor, {
      name: `Agent ${agent.id} knowledge`.slice(0, 100),
      description: `Documents of envelope agent ${agent.id}`,
    });
    if (await this.links.linkBase(agent.id, created.id)) return created.id;
    await this.bases.delete(actor, created.id);
    return (await this.links.baseOf(agent.id)) as string;
  }
}
