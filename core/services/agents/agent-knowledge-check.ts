import { inject, injectable } from 'inversify';
import { AgentValidationError } from '../../domain/agent/agent.errors';
import { AgentPayload } from '../../domain/agent/agent.entity';
import { Actor } from '../../domain/auth/actor';
import { KnowledgeBaseNotFoundError } from '../../domain/knowledge/knowledge.errors';
import { FieldIssue } from '../../shared/domain-error';
import { summarizeIssues } from '../../shared/issue-summary';
import { KnowledgeBaseAccess } from '../knowledge/knowledge-base-access';

/**
 * An agent may name only knowledge bases its owner can read: its runs search them with the
 * owner's rights (behaviour rule 11), so a base the owner cannot read is refused on save rather
 * than silently left out of every run.
 */
@injectable()
export class AgentKnowledgeCheck {
  constructor(@inject(KnowledgeBaseAccess) private readonly access: KnowledgeBaseAccess) {}

  async requireReadable(owner: Actor, payload: AgentPayload): Promise<void> {
    const issues: FieldIssue[] = [];
    for (const [index, id] of (payload.knowledgeBaseIds ?? []).entries()) {
      try {
        await this.access.readable(owner, id);
      } catch (error) {
        if (!(error instanceof KnowledgeBaseNotFoundError)) throw error;
        issues.push({ field: `knowledge_base_ids[${index}]`, message: 'must name a knowledge base the owner can read' });
      }
    }
    if (issues.length > 0) throw new AgentValidationError(summarizeIssues('Invalid agent', issues), issues);
  }
}
