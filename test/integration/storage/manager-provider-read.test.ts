import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SerialGate } from '../../../adapters/storage/typeorm/connection-gate';
import { ManagerProvider } from '../../../adapters/storage/typeorm/manager-provider';
import { createTestStorage, TestStorage } from '../../support/test-database';

const COUNT = 'SELECT COUNT(*) AS n FROM agent_counts';

/** Another process's connection to the same SQLite file. */
function otherProcess(storage: TestStorage): Database.Database {
  return new Database(join(storage.config.dataDir, 'platform.db'));
}

describe('ManagerProvider.read on SQLite', () => {
  let storage: TestStorage;
  let managers: ManagerProvider;
  let other: Database.Database;
  let rows = 0;
  const insertElsewhere = () => other.prepare("INSERT INTO agent_counts (owner_id, status, agents) VALUES (?, 'draft', 1)").run(`owner-${(rows += 1)}`);
  const count = async (query: (sql: string) => Promise<unknown>) => Number(((await query(COUNT)) as Array<{ n: number }>)[0].n);

  beforeAll(async () => {
    storage = await createTestStorage('sqlite');
    managers = new ManagerProvider(storage.dataSource, new SerialGate());
    other = otherProcess(storage);
  });

  afterAll(async () => {
    other.close();
    await storage.destroy();
  });

  it('When another process commits between two reads in one read, Then both see the same snapshot', async () => {
    const [before, after] = await managers.read(async (manager) => {
      const first = await count((sql) => manager.query(sql));
      insertElsewhere();
      return [first, await count((sql) => manager.query(sql))];
    });
    expect(after).toBe(before);
    expect(await managers.use((manager) => count((sql) => manager.query(sql)))).toBe(before + 1);
  });

  it('When two reads stand alone, Then the second sees what another process committed in between', async () => {
    const before = await managers.use((manager) => count((sql) => manager.query(sql)));
    insertElsewhere();
    expect(await managers.use((manager) => count((sql) => manager.query(sql)))).toBe(before + 1);
  });

  it('When the work fails, Then the read transaction ends and later work runs', async () => {
    await expect(
      managers.read(() => {
        throw new Error('read failed');
      }),
    ).rejects.toThrow('read failed');
    await expect(managers.transaction((manager) => manager.query(COUNT))).resolves.toHaveLength(1);
  });

  it('When called inside a transaction, Then it reads in that transaction and sees its writes', async () => {
    const seen = await managers.transaction(async (manager) => {
      await manager.query("INSERT INTO agent_counts (owner_id, status, agents) VALUES ('inside', 'draft', 1)");
      return managers.read((reader) => reader.query("SELECT agents FROM agent_counts WHERE owner_id = 'inside'"));
    });
    expect(seen).toEqual([{ agents: 1 }]);
  });
});
