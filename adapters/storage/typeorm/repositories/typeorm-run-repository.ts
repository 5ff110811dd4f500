import { Run, RunStatus } from '../../../../core/domain/run/run.entity';
import { ExpiredStateSweeper } from '../../../../core/ports/expired-state-sweeper.port';
import { RunRepository } from '../../../../core/ports/run-repository.port';
import { RunOrmEntity } from '../entities/run.orm-entity';
import { toRun, toRunRow } from '../mappers/run.mapper';
import { ManagerProvider } from '../manager-provider';

export class TypeOrmRunRepository implements RunRepository, ExpiredStateSweeper {
  constructor(private readonly managers: ManagerProvider) {}

  async create(run: Run): Promise<void> {
    await this.managers.use((manager) => manager.insert(RunOrmEntity, toRunRow(run)));
  }

  async findById(id: string): Promise<Run | undefined> {
    const row = await this.managers.use((manager) => manager.findOneBy(RunOrmEntity, { id }));
    return row ? toRun(row) : undefined;
  }

  async setStatus(id: string, status: RunStatus, now: Date): Promise<void> {
    const lease = status === 'running' ? {} : { leaseOwner: '', leaseExpiresMs: 0 };
    await this.managers.use((manager) => manager.update(RunOrmEntity, { id }, { status, updatedAt: now, ...lease }));
  }

  /** One conditional UPDATE: the database serialises racing claims and re-checks the condition. */
  async claimLease(id: string, worker: string, now: Date, until: Date): Promise<boolean> {
    const result = await this.managers.use((manager) =>
      manager
        .createQueryBuilder()
        .update(RunOrmEntity)
        .set({ leaseOwner: worker, leaseExpiresMs: until.getTime(), updatedAt: now })
        .where('id = :id AND status = :running', { id, running: 'running' })
        .andWhere("(lease_owner = '' OR lease_owner = :worker OR lease_expires_ms <= :now)", { worker, now: now.getTime() })
        .execute(),
    );
    return result.affected === 1;
  }

  async sweepExpired(now: Date): Promise<number> {
    const result = await this.managers.use((manager) =>
      manager.createQueryBuilder().delete().from(RunOrmEntity).where('expires_ms <= :now', { now: now.getTime() }).execute(),
    );
    return result.affected ?? 0;
  }
}
