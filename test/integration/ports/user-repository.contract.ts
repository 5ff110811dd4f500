import { randomUUID } from 'node:crypto';
import { aUser } from '../../fixtures/users/user.mother';
import { EmailTakenError } from '../../../core/domain/user/user.errors';
import { UserRepository } from '../../../core/ports/user-repository.port';

export interface UserRepositoryHarness {
  users: UserRepository;
  destroy(): Promise<void>;
}

export function describeUserRepositoryContract(name: string, makeHarness: () => Promise<UserRepositoryHarness>): void {
  describe(name, () => {
    let harness: UserRepositoryHarness;
    const users = (): UserRepository => harness.users;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When a user is created, Then findById returns every field unchanged', async () => {
      const user = aUser({ role: 'admin', nickname: 'Zoë 🚀 用户', createdAt: new Date('2031-12-31T23:59:58.987Z') });
      await users().create(user);
      expect(await users().findById(user.id)).toEqual(user);
    });

    it('When the id is unknown, Then findById returns null', async () => {
      expect(await users().findById(randomUUID())).toBeNull();
    });

    it('When the e-mail has capitals, Then it is stored lower-cased', async () => {
      const user = aUser({ email: `Mixed.Case-${randomUUID()}@Example.COM` });
      await users().create(user);
      expect((await users().findById(user.id))?.email).toBe(user.email.toLowerCase());
    });

    it('When looked up by e-mail in any case, Then the user is found', async () => {
      const user = aUser();
      await users().create(user);
      expect((await users().findByEmail(user.email.toUpperCase()))?.id).toBe(user.id);
      expect((await users().findByEmail(user.email))?.id).toBe(user.id);
    });

    it('When no user has the e-mail, Then findByEmail returns null', async () => {
      expect(await users().findByEmail(`nobody-${randomUUID()}@example.com`)).toBeNull();
    });

    it('When the e-mail is taken in another case, Then create throws EmailTakenError without driver text', async () => {
      const first = aUser();
      await users().create(first);
      const second = aUser({ email: first.email.toUpperCase() });

      const error = await users()
        .create(second)
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        );

      expect(error).toBeInstanceOf(EmailTakenError);
      expect(error).toMatchObject({ code: 'user.conflict', message: 'A user with this e-mail already exists' });
      expect(Object.keys(error as object)).not.toEqual(expect.arrayContaining(['driverError']));
      expect(await users().findById(second.id)).toBeNull();
      expect(await users().findById(first.id)).toEqual(first);
    });

    it('When the same e-mail is created concurrently, Then exactly one wins and the rest get EmailTakenError', async () => {
      const email = `race-${randomUUID()}@example.com`;
      const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => users().create(aUser({ email }))));

      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const reasons = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
      expect(reasons).toHaveLength(4);
      reasons.forEach((reason) => expect(reason).toBeInstanceOf(EmailTakenError));
    });
  });
}
