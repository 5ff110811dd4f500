import { inject, injectable } from 'inversify';
import { Action, can } from '../../domain/auth/authorization-policy';
import { Actor } from '../../domain/auth/actor';
import { KnowledgeBase } from '../../domain/knowledge/knowledge-base.entity';
import { KnowledgeBaseForbiddenError, KnowledgeBaseNotFoundError } from '../../domain/knowledge/knowledge.errors';
import { KNOWLEDGE_BASE_REPOSITORY, KnowledgeBaseRepository } from '../../ports/knowledge-base-repository.port';

/**
 * Loads a base for an actor through `can`: one they may not read is reported missing (no
 * enumeration of other users' bases); one they may read but not change is forbidden.
 */
@injectable()
export class KnowledgeBaseAccess {
  constructor(@inject(KNOWLEDGE_BASE_REPOSITORY) private readonly bases: KnowledgeBaseRepository) {}

  async readable(actor: Actor, id: string): Promise<KnowledgeBase> {
    const base = await this.bases.findById(id);
    if (!base || !can(actor, 'read', base)) throw new KnowledgeBaseNotFoundError(id);
    return base;
  }

  async permitted(actor: Actor, id: string, action: Exclude<Action, 'read'>): Promise<KnowledgeBase> {
    const base = await this.readable(actor, id);
    if (!can(actor, action, base)) throw new KnowledgeBaseForbiddenError(action);
    return base;
  }
}
