import { RunEvent } from '../../../../core/domain/run/run-event';
import { JsonObject } from '../../../../core/shared/json';
import { RunEventOrmEntity } from '../entities/run-event.orm-entity';

type TokenEvent = Extract<RunEvent, { type: 'token' }>;

/** A row to insert: the event's fields but `type` and `seq` go to `payload`; consecutive tokens of one agent share a row. */
export function toRunEventRows(runId: string, events: ReadonlyArray<RunEvent>, now: Date, keepUntil: Date): RunEventOrmEntity[] {
  const rows: RunEventOrmEntity[] = [];
  let pack: TokenEvent[] = [];
  const row = (seq: number, lastSeq: number, type: string, payload: object): RunEventOrmEntity =>
    Object.assign(new RunEventOrmEntity(), { runId, seq, lastSeq, type, payload, createdAt: now, expiresMs: keepUntil.getTime() });
  const flushPack = () => {
    if (pack.length === 0) return;
    const agent = pack[0].agentId === undefined ? {} : { agentId: pack[0].agentId };
    rows.push(row(pack[0].seq, pack[pack.length - 1].seq, 'token', { pieces: pack.map((e) => e.content), ...agent }));
    pack = [];
  };
  for (const event of events) {
    if (event.type === 'token' && (pack.length === 0 || pack[0].agentId === event.agentId)) {
      pack.push(event);
      continue;
    }
    flushPack();
    if (event.type === 'token') {
      pack.push(event);
      continue;
    }
    const { type, seq, ...payload } = event;
    rows.push(row(seq, seq, type, payload));
  }
  flushPack();
  return rows;
}

/** The events a row holds, each with its own `seq`. A raw query gives `payload` as JSON text (or parsed, on MySQL's JSON type). */
export function fromRunEventRow(row: { seq: number | string; type: string; payload: string | object }): RunEvent[] {
  const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as JsonObject;
  const seq = Number(row.seq);
  if (row.type === 'token') {
    const { pieces, ...rest } = payload as { pieces: string[] } & JsonObject;
    return pieces.map((content, index) => ({ ...rest, type: 'token', content, seq: seq + index }) as RunEvent);
  }
  return [{ ...payload, type: row.type, seq } as RunEvent];
}
