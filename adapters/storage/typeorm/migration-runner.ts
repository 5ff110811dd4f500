import { DataSource } from 'typeorm';

const LOCK_WAIT_SECONDS = 120;

/**
 * Runs pending migrations, all in one transaction where the dialect allows it. On MySQL a
 * named server lock, scoped to the database, makes processes starting together take turns;
 * the later ones then find nothing pending. SQLite is one process's file and needs no lock.
 */
export async function runMigrationsExclusively(dataSource: DataSource): Promise<void> {
  if (dataSource.options.type !== 'mysql') {
    await dataSource.runMigrations({ transaction: 'all' });
    return;
  }
  const lockHolder = dataSource.createQueryRunner();
  // GET_LOCK names are at most 64 characters; a database name alone may be 64.
  const lockName = "CONCAT('migrations_', SHA1(DATABASE()))";
  try {
    const [{ acquired }] = (await lockHolder.query(`SELECT GET_LOCK(${lockName}, ?) AS acquired`, [LOCK_WAIT_SECONDS])) as Array<{ acquired: number | null }>;
    if (Number(acquired) !== 1) throw new Error('Timed out waiting for another process to finish migrating');
    try {
      await dataSource.runMigrations({ transaction: 'all' });
    } finally {
      await lockHolder.query(`SELECT RELEASE_LOCK(${lockName})`);
    }
  } finally {
    await lockHolder.release();
  }
}
