import { User } from '../../../core/domain/user/user.entity';
import { UnitOfWork } from '../../../core/ports/unit-of-work.port';
import { UserRepository } from '../../../core/ports/user-repository.port';
import { aUser } from '../../fixtures/users/user.mother';

/** The unit of work under test and a repository that must join its transactions. */
export interface UnitOfWorkHarness {
  unitOfWork: UnitOfWork;
  users: UserRepository;
  destroy(): Promise<void>;
}

/** A promise the test settles by hand, to hold a transaction open at a known point. */
function latch(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

export function describeUnitOfWorkContract(name: string, makeHarness: () => Promise<UnitOfWorkHarness>): void {
  describe(name, () => {
    let harness: UnitOfWorkHarness;
    const uow = (): UnitOfWork => harness.unitOfWork;
    const users = (): UserRepository => harness.users;
    const exists = async (id: string): Promise<boolean> => (await users().findById(id)) !== null;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When the work succeeds, Then its writes are committed and its result returned', async () => {
      const [a, b] = [aUser(), aUser()];
      const result = await uow().run(async () => {
        await users().create(a);
        await users().create(b);
        return 'done';
      });
      expect(result).toBe('done');
      expect([await exists(a.id), await exists(b.id)]).toEqual([true, true]);
    });

    it('When the work reads its own writes, Then it sees them before commit', async () => {
      const a = aUser();
      const seen = await uow().run(async () => {
        await users().create(a);
        return users().findByEmail(a.email);
      });
      expect(seen?.id).toBe(a.id);
    });

    it('When the work throws, Then the error is rethrown and nothing it wrote remains', async () => {
      const [a, b] = [aUser(), aUser()];
      const boom = new Error('boom');
      await expect(
        uow().run(async () => {
          await users().create(a);
          await users().create(b);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect([await exists(a.id), await exists(b.id)]).toEqual([false, false]);
    });

    it('When a repository fails inside the work, Then earlier writes of the work are rolled back', async () => {
      const taken = aUser();
      await users().create(taken);
      const a = aUser();
      await expect(
        uow().run(async () => {
          await users().create(a);
          await users().create(aUser({ email: taken.email }));
        }),
      ).rejects.toMatchObject({ code: 'user.conflict' });
      expect(await exists(a.id)).toBe(false);
    });

    it('When runs are nested and all succeed, Then every write is committed', async () => {
      const [a, b] = [aUser(), aUser()];
      await uow().run(async () => {
        await users().create(a);
        await uow().run(() => users().create(b));
      });
      expect([await exists(a.id), await exists(b.id)]).toEqual([true, true]);
    });

    it('When the outer run throws after a nested run finished, Then the nested writes roll back too', async () => {
      const [a, b] = [aUser(), aUser()];
      await expect(
        uow().run(async () => {
          await users().create(a);
          await uow().run(() => users().create(b));
          throw new Error('outer fails');
        }),
      ).rejects.toThrow('outer fails');
      expect([await exists(a.id), await exists(b.id)]).toEqual([false, false]);
    });

    it('When two runs interleave, Then both commit all of their own writes', async () => {
      const [a1, a2, b1, b2] = [aUser(), aUser(), aUser(), aUser()];
      const bothStarted = latch();
      const steps: string[] = [];
      const work = (first: User, second: User, tag: string) =>
        uow().run(async () => {
          await users().create(first);
          steps.push(tag);
          if (steps.length === 2) bothStarted.open();
          // Yields so the other run can proceed where the adapter allows concurrency.
          await Promise.race([bothStarted.promise, new Promise((resolve) => setImmediate(resolve))]);
          await users().create(second);
          return tag;
        });

      await expect(Promise.all([work(a1, a2, 'a'), work(b1, b2, 'b')])).resolves.toEqual(['a', 'b']);
      expect(await Promise.all([a1, a2, b1, b2].map((u) => exists(u.id)))).toEqual([true, true, true, true]);
    });

    it('When one of two concurrent runs throws, Then only the other one is committed', async () => {
      const [a, b] = [aUser(), aUser()];
      const failing = uow().run(async () => {
        await users().create(a);
        await new Promise((resolve) => setImmediate(resolve));
        throw new Error('a fails');
      });
      const succeeding = uow().run(async () => {
        await new Promise((resolve) => setImmediate(resolve));
        await users().create(b);
      });
      const outcomes = await Promise.allSettled([failing, succeeding]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
      expect([await exists(a.id), await exists(b.id)]).toEqual([false, true]);
    });

    it('When a write outside any run lands while a run is open, Then the run rolling back does not undo it', async () => {
      const [inside, outside] = [aUser(), aUser()];
      const entered = latch();
      const release = latch();
      const run = uow().run(async () => {
        await users().create(inside);
        entered.open();
        await release.promise;
        throw new Error('rolled back');
      });
      await entered.promise;
      const write = users().create(outside);
      release.open();

      await expect(run).rejects.toThrow('rolled back');
      await write;
      expect([await exists(inside.id), await exists(outside.id)]).toEqual([false, true]);
    });

    it('When a read outside any run happens while a run is open, Then it never sees that run’s uncommitted writes', async () => {
      const inside = aUser();
      const entered = latch();
      const release = latch();
      const run = uow().run(async () => {
        await users().create(inside);
        entered.open();
        await release.promise;
        throw new Error('rolled back');
      });
      await entered.promise;
      const read = users().findById(inside.id);
      release.open();

      await expect(run).rejects.toThrow('rolled back');
      expect(await read).toBeNull();
    });

    it('When a callback started inside a run executes after it ended, Then it works outside the finished transaction', async () => {
      const later = aUser();
      const runEnded = latch();
      let afterwards: Promise<void> | undefined;
      await uow().run(async () => {
        afterwards = runEnded.promise.then(() => users().create(later));
      });
      runEnded.open();
      await afterwards;
      expect(await exists(later.id)).toBe(true);
    });
  });
}
