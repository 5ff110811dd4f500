import { Action, can } from '../../../../core/domain/auth/authorization-policy';

const EVERY_ACTION: ReadonlyArray<Action> = ['read', 'update', 'delete', 'execute', 'manage'];

describe('can(actor, action, resource)', () => {
  const owner = { userId: 'u1', role: 'user' as const };
  const other = { userId: 'u2', role: 'user' as const };
  const admin = { userId: 'a1', role: 'admin' as const };

  /** The actions `actor` may take on `resource`, so each test states the whole answer. */
  const allowed = (actor: typeof owner | typeof admin, resource: Parameters<typeof can>[2]) => EVERY_ACTION.filter((action) => can(actor, action, resource));

  it('When the actor owns the record, Then every action is allowed', () => {
    expect(allowed(owner, { ownerId: 'u1' })).toEqual(EVERY_ACTION);
  });

  it('When the actor is an admin, Then every action on any record is allowed', () => {
    expect(allowed(admin, { ownerId: 'u1' })).toEqual(EVERY_ACTION);
    expect(allowed(admin, { ownerId: 'u1', isPublic: false, grants: {} })).toEqual(EVERY_ACTION);
  });

  it('When the record is someone else’s and private, Then nothing is allowed', () => {
    expect(allowed(other, { ownerId: 'u1' })).toEqual([]);
    expect(allowed(other, { ownerId: 'u1', isPublic: false, grants: { read: ['u3'], manage: ['u3'] } })).toEqual([]);
  });

  it('When the record is public, Then others may read it but not change it', () => {
    expect(allowed(other, { ownerId: 'u1', isPublic: true })).toEqual(['read']);
  });

  it('When an action is granted to the actor, Then only that action is allowed', () => {
    for (const action of EVERY_ACTION) {
      expect(allowed(other, { ownerId: 'u1', grants: { [action]: ['u2'] } })).toEqual([action]);
    }
  });
});
