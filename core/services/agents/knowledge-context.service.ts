import { inject, injectable } from 'inversify';
import { Agent } from '../../domain/agent/agent.entity';
import { Actor } from '../../domain/auth/actor';
import { KnowledgeSearchHit } from '../../domain/knowledge/knowledge-search';
import { KNOWLEDGE_GATEWAY, KnowledgeGateway } from '../../ports/knowledge-gateway.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { DomainError } from '../../shared/domain-error';
import { AGENT_SETTINGS, AgentSettings } from './agent-settings';
import { KnowledgeContext, knowledgeContextMessage } from './knowledge-context-message';

/** Longest query sent to the search (the searcher's own cap). */
const MAX_QUERY_CHARS = 10_000;

const NONE: KnowledgeContext = { sources: [] };

/**
 * The knowledge pre-call step (behaviour rule 11): the best passages of the agent's knowledge
 * bases for the user's input, searched with the owner's rights, as one bounded system message
 * that names its sources. It never fails the run: a failure is logged and the run goes on
 * without context.
 */
@injectable()
export class KnowledgeContextStep {
  constructor(
    @inject(KNOWLEDGE_GATEWAY) private readonly knowledge: KnowledgeGateway,
    @inject(AGENT_SETTINGS) private readonly settings: AgentSettings,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async contextFor(owner: Actor, agent: Pick<Agent, 'id' | 'knowledgeBaseIds'>, input: string): Promise<KnowledgeContext> {
    const baseIds = agent.knowledgeBaseIds ?? [];
    if (baseIds.length === 0 || input.trim() === '') return NONE;
    try {
      const hits = await this.search(owner, baseIds, input.slice(0, MAX_QUERY_CHARS));
      return hits.length === 0 ? NONE : knowledgeContextMessage(hits, this.settings.knowledgeContextChars);
    } catch (error) {
      const code = error instanceof DomainError ? error.code : undefined;
      this.logger.warn({ agentId: agent.id, code, error: String(error) }, 'knowledge context step failed; the run goes on without it');
      return NONE;
    }
  }

  /** The best `knowledgeTopK` passages over all the bases, best first. */
  private async search(owner: Actor, baseIds: string[], query: string): Promise<KnowledgeSearchHit[]> {
    const topK = this.settings.knowledgeTopK;
    const perBase = await Promise.all(baseIds.map((knowledgeBaseId) => this.knowledge.search(owner, { query, knowledgeBaseId, topK })));
    return perBase
      .flat()
      .sort((a, b) => b.score - a.score)
      .slice(0, topK);
  }
}
