import { can } from '../../../../core/domain/auth/authorization-policy';

describe('can(actor, action, resource)', () => {
  const owner = { userId: 'u1', role: 'user' as const };
  const other = { userId: 'u2', role: 'user' as const };
  const admin = { userId: 'a1', role: 'admin' as const };

  it('When the actor owns the record, Then every action is allowed', () => {
    for (const action of ['read', 'update', 'delete', 'execute', 'manage'] as const) {
      expect(can(owner, action, { ownerId: 'u1' })).toBe(true);
    }
  });

  it('When the actor is an admin, Then every action on any record is allowed', () => {
    expect(can(admin, 'delete', { ownerId: 'u1' })).toBe(true);
  });

  it('When the record is someone else’s and private, Then nothing is allowed', () => {
    expect(can(other, 'read', { ownerId: 'u1' })).toBe(false);
    expect(can(other, 'delete', { ownerId: 'u1' })).toBe(false);
  });

  it('When the record is public, Then others may read it but not change it', () => {
    expect(can(other, 'read', { ownerId: 'u1', isPublic: true })).toBe(true);
    expect(can(other, 'update', { ownerId: 'u1', isPublic: true })).toBe(false);
  });

  it('When an action is granted to the actor, Then only that action is allowed', () => {
    const resource = { ownerId: 'u1', grants: { execute: ['u2'] } };
    expect(can(other, 'execute', resource)).toBe(true);
    expect(can(other, 'delete', resource)).toBe(false);
  });
});
