import { Actor } from './actor';

export type Action = 'read' | 'update' | 'delete' | 'execute' | 'manage';

/** What the policy needs to know about a record. */
export interface OwnedResource {
  ownerId: string;
  /** Published or shared records are readable by everyone. */
  isPublic?: boolean;
  /** User ids granted each action on this record (resource grants). */
  grants?: Partial<Record<Action, ReadonlyArray<string>>>;
}

/**
 * The one authorization rule every module calls: admins may do anything, owners
 * anything to their records, others read what is public and do what they are granted.
 */
export function can(actor: Actor, action: Action, resource: OwnedResource): boolean {
  if (actor.role === 'admin' || resource.ownerId === actor.userId) {
    return true;
  }
  if (action === 'read' && resource.isPublic === true) {
    return true;
  }
  return resource.grants?.[action]?.includes(actor.userId) ?? false;
}
