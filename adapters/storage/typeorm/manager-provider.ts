import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';
import { ConnectionGate } from './connection-gate';
import { cachedStatement, sqliteDatabaseOf } from './sqlite-statements';

interface TransactionScope {
  readonly manager: EntityManager;
  /** False once the transaction has ended, for callbacks that outlive it (timers, emitters). */
  open: boolean;
}

/**
 * Hands every TypeORM repository the EntityManager to use: the open transaction's when
 * the caller is inside one (so repositories join it implicitly), else the data source's.
 *
 * On SQLite all work outside a transaction also passes through the gate. The driver has
 * a single connection, so a statement issued while someone else's transaction is open
 * would run inside it: it would see uncommitted rows and vanish on that transaction's
 * rollback. Queuing it behind the transaction keeps both atomic, at the price that a
 * transaction blocks every other database call until it ends: keep units of work short,
 * never await slow I/O (LLM calls, HTTP) inside one, and never make one wait for database
 * work started outside it, which would wait for the transaction in turn (a deadlock).
 */
export class ManagerProvider {
  private readonly scope = new AsyncLocalStorage<TransactionScope>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly gate: ConnectionGate,
  ) {}

  /** Runs `work` with the current transaction's manager, or the data source's. */
  async use<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const current = this.openScope();
    if (current) return work(current.manager);
    return this.gate.exclusive(() => work(this.dataSource.manager));
  }

  /**
   * Runs `work`, whose statements are all reads, so that on SQLite they see one snapshot even when
   * another process commits in between: they run in one read transaction (in the current one, if
   * any). The gate keeps this process's other work out of it until it ends. On MySQL each read
   * stands alone, as with `use`.
   */
  async read<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const current = this.openScope();
    if (current) return work(current.manager);
    const database = sqliteDatabaseOf(this.dataSource.manager);
    if (!database) return this.use(work);
    return this.gate.exclusive(async () => {
      if (database.inTransaction) return work(this.dataSource.manager);
      // better-sqlite3 directly: a TypeORM transaction would cost a query runner and several awaits per read.
      cachedStatement(database, 'BEGIN').run();
      try {
        return await work(this.dataSource.manager);
      } finally {
        cachedStatement(database, 'COMMIT').run();
      }
    });
  }

  /** Runs `work` in the current transaction, or in a new one that everything it calls joins. */
  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const current = this.openScope();
    if (current) return work(current.manager);
    return this.gate.exclusive(() =>
      this.dataSource.transaction(async (manager) => {
        const scope: TransactionScope = { manager, open: true };
        try {
          return await this.scope.run(scope, () => work(manager));
        } finally {
          scope.open = false;
        }
      }),
    );
  }

  private openScope(): TransactionScope | undefined {
    const current = this.scope.getStore();
    return current?.open ? current : undefined;
  }
}
