import { MoreThan } from 'typeorm';
import { RunEvent } from '../../../../core/domain/run/run-event';
import { ExpiredStateSweeper } from '../../../../core/ports/expired-state-sweeper.port';
import { RunEventStore } from '../../../../core/ports/run-event-store.port';
import { RunEventOrmEntity } from '../entities/run-event.orm-entity';
import { fromRunEventRow, toRunEventRows } from '../mappers/run-event.mapper';
import { ManagerProvider } from '../manager-provider';

/** `run_events`: one row per event, or per run of consecutive token events. */
export class TypeOrmRunEventStore implements RunEventStore, ExpiredStateSweeper {
  constructor(private readonly managers: ManagerProvider) {}

  async insert(runId: string, events: ReadonlyArray<RunEvent>, keepUntil: Date): Promise<void> {
    if (events.length === 0) return;
    const rows = toRunEventRows(runId, events, new Date(), keepUntil);
    await this.managers.use((manager) => manager.createQueryBuilder().insert().into(RunEventOrmEntity).values(rows).execute());
  }

  async read(runId: string, afterSeq: number, limit: number): Promise<RunEvent[]> {
    const rows = await this.managers.use((manager) =>
      manager.find(RunEventOrmEntity, { where: { runId, lastSeq: MoreThan(afterSeq) }, order: { seq: 'ASC' }, take: limit }),
    );
    return rows.flatMap(fromRunEventRow).filter((event) => event.seq > afterSeq);
  }

  async last(runId: string): Promise<RunEvent | undefined> {
    const row = await this.managers.use((manager) => manager.findOne(RunEventOrmEntity, { where: { runId }, order: { seq: 'DESC' } }));
    return row ? fromRunEventRow(row).at(-1) : undefined;
  }

  async sweepExpired(now: Date): Promise<number> {
    const result = await this.managers.use((manager) =>
      manager.createQueryBuilder().delete().from(RunEventOrmEntity).where('expires_ms <= :now', { now: now.getTime() }).execute(),
    );
    return result.affected ?? 0;
  }
}
