import { Actor } from '../auth/actor';

/**
 * Which bases an actor sees in lists and searches: admins every base, others their own
 * plus the public ones. The same rule as `can(actor, 'read', base)`, in a form a
 * repository can turn into a WHERE clause.
 */
export type KnowledgeBaseVisibility = { kind: 'all' } | { kind: 'owned-or-public'; userId: string };

export function visibilityFor(actor: Actor): KnowledgeBaseVisibility {
  return actor.role === 'admin' ? { kind: 'all' } : { kind: 'owned-or-public', userId: actor.userId };
}
