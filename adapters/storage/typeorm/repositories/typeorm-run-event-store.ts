import { RunEvent } from '../../../../core/domain/run/run-event';
import { ExpiredStateSweeper } from '../../../../core/ports/expired-state-sweeper.port';
import { RunEventStore } from '../../../../core/ports/run-event-store.port';
import { RunEventOrmEntity } from '../entities/run-event.orm-entity';
import { fromRunEventRow, toRunEventRows } from '../mappers/run-event.mapper';
import { ManagerProvider } from '../manager-provider';
import { insertRows } from '../raw-statements';

type StoredRow = { seq: number | string; type: string; payload: string | object };

const READ_SQL = 'SELECT seq, type, payload FROM run_events WHERE run_id = ? AND last_seq > ? ORDER BY seq LIMIT ?';
const LAST_SQL = 'SELECT seq, type, payload FROM run_events WHERE run_id = ? ORDER BY seq DESC LIMIT 1';

/** `run_events`: one row per event, or per run of consecutive token events. */
export class TypeOrmRunEventStore implements RunEventStore, ExpiredStateSweeper {
  constructor(private readonly managers: ManagerProvider) {}

  async insert(runId: string, events: ReadonlyArray<RunEvent>, keepUntil: Date): Promise<void> {
    if (events.length === 0) return;
    const rows = toRunEventRows(runId, events, new Date(), keepUntil);
    // Bound parameters: one statement text per batch size, prepared once (see raw-statements).
    await this.managers.use((manager) => insertRows(manager, RunEventOrmEntity, rows));
  }

  // Raw queries: these run for every stream, and TypeORM's find costs several times the query itself.
  async read(runId: string, afterSeq: number, limit: number): Promise<RunEvent[]> {
    const rows = await this.managers.use((manager) => manager.query(READ_SQL, [runId, afterSeq, limit]) as Promise<StoredRow[]>);
    return rows.flatMap(fromRunEventRow).filter((event) => event.seq > afterSeq);
  }

  async last(runId: string): Promise<RunEvent | undefined> {
    const rows = await this.managers.use((manager) => manager.query(LAST_SQL, [runId]) as Promise<StoredRow[]>);
    return rows.length > 0 ? fromRunEventRow(rows[0]).at(-1) : undefined;
  }

  async sweepExpired(now: Date): Promise<number> {
    const result = await this.managers.use((manager) =>
      manager.createQueryBuilder().delete().from(RunEventOrmEntity).where('expires_ms <= :now', { now: now.getTime() }).execute(),
    );
    return result.affected ?? 0;
  }
}
