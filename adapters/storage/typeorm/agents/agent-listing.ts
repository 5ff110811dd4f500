import { EntityManager } from 'typeorm';
import { AgentStatus } from '../../../../core/domain/agent/agent.entity';
import { AgentQuery } from '../../../../core/ports/agent-repository.port';
import { containsPattern } from '../like-pattern';
import { readColumn } from '../sqlite-statements';
import { countOf, readAgentCounts } from './agent-counts';

/**
 * One ordered run of an index: agents of `owner` (or of every owner), in `status`, except those
 * of `excludeOwner`. A query is one or two disjoint streams; a user's unfiltered list is their own
 * agents plus the deployed agents of others.
 */
interface Stream {
  owner?: string;
  excludeOwner?: string;
  status?: AgentStatus;
}

interface Order {
  direction: 'ASC' | 'DESC';
  skip: number;
  take: number;
  mysql: boolean;
}

/**
 * Where a listed agent is: on SQLite its rowid, which every index holds and which reads the row with
 * one search of the table instead of one of the id index and one of the table; on MySQL its id.
 */
export type PageKey = number | string;

/** A newest-first page starts below this key: `createdAt` as the driver stores it. */
export interface Seek {
  createdAt: unknown;
  id: string;
}

export function streamsOf(query: AgentQuery): Stream[] {
  const me = query.visibleTo;
  if (me === undefined || query.status === 'deployed') return [{ status: query.status }];
  if (query.status !== undefined) return [{ owner: me, status: query.status }];
  return [{ owner: me }, { status: 'deployed', excludeOwner: me }];
}

/**
 * How many agents the streams hold. Without a search it is read from `agent_counts` (a few rows,
 * whatever the number of agents); a search counts its matches, which costs a pass over the rows.
 */
export async function totalOf(manager: EntityManager, streams: Stream[], search: string | undefined): Promise<number> {
  if (search !== undefined) {
    let total = 0;
    for (const stream of streams) {
      const { where, params } = whereOf(stream, search);
      const [row] = (await manager.query(`SELECT COUNT(*) AS n FROM agents WHERE ${where}`, params)) as Array<{ n: number | string }>;
      total += Number(row.n);
    }
    return total;
  }
  // Every stream of a query names the same user, if any.
  const user = streams.map((s) => s.owner ?? s.excludeOwner).find((id) => id !== undefined);
  const counts = await readAgentCounts(manager, user);
  let total = 0;
  for (const s of streams) {
    total += countOf(s.owner === undefined ? counts.all : counts.owner, s.status);
    if (s.excludeOwner !== undefined) total -= countOf(counts.owner, s.status);
  }
  return total;
}

/**
 * The keys of one page, in no useful order: the read of its rows sorts them. Only keys are read, from
 * the listing indexes, so a page costs about the rows before it in the index; a page past the middle
 * is read from the other end (`total` is exact), so the last pages cost what the first do.
 */
export async function pageKeys(
  manager: EntityManager,
  streams: Stream[],
  search: string | undefined,
  window: { offset: number; limit: number; total: number },
): Promise<PageKey[]> {
  const { offset, limit, total } = window;
  const after = total - offset - limit;
  const reversed = after < offset;
  const { sql, params } = pageQuery(streams, search, {
    direction: reversed ? 'ASC' : 'DESC',
    skip: reversed ? Math.max(0, after) : offset,
    take: reversed ? Math.min(limit, total - offset) : limit,
    mysql: manager.connection.driver.options.type === 'mysql',
  });
  return readColumn<PageKey>(manager, sql, params);
}

/**
 * The keys of up to `take` agents after `seek`, newest first. Each stream is a range of its index
 * that starts at the key, so every page costs what the first one does, however deep.
 */
export async function keysAfter(manager: EntityManager, streams: Stream[], search: string | undefined, seek: Seek, take: number): Promise<PageKey[]> {
  const mysql = manager.connection.driver.options.type === 'mysql';
  const { sql, params } = pageQuery(streams, search, { direction: 'DESC', skip: 0, take, mysql }, seek);
  return readColumn<PageKey>(manager, sql, params);
}

function pageQuery(streams: Stream[], search: string | undefined, order: Order, seek?: Seek): { sql: string; params: unknown[] } {
  const { direction, skip, take, mysql } = order;
  const orderBy = `ORDER BY created_at ${direction}, id ${direction}`;
  const parts = streams.map((stream) => whereOf(stream, search, seek));
  const key = mysql ? 'id' : 'rowid AS rowid';
  if (parts.length === 1) {
    return { sql: `SELECT ${key} FROM agents WHERE ${parts[0].where} ${orderBy} LIMIT ? OFFSET ?`, params: [...parts[0].params, take, skip] };
  }
  if (!mysql) {
    // SQLite merges two index-ordered branches (MERGE UNION ALL) and stops after skip + take rows.
    const union = parts.map((part) => `SELECT ${key}, created_at, id FROM agents WHERE ${part.where}`).join(' UNION ALL ');
    return { sql: `${union} ${orderBy} LIMIT ? OFFSET ?`, params: [...parts.flatMap((part) => part.params), take, skip] };
  }
  // MySQL sorts a whole UNION: each branch first gives at most skip + take rows in index order.
  const branches = parts.map(
    (part, index) => `SELECT id, created_at FROM (SELECT id, created_at FROM agents WHERE ${part.where} ${orderBy} LIMIT ?) s${index}`,
  );
  return {
    sql: `SELECT id FROM (${branches.join(' UNION ALL ')}) visible ${orderBy} LIMIT ? OFFSET ?`,
    params: [...parts.flatMap((part) => [...part.params, skip + take]), take, skip],
  };
}

function whereOf(stream: Stream, search: string | undefined, seek?: Seek): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, ...values: unknown[]) => {
    clauses.push(clause);
    params.push(...values);
  };
  if (stream.owner !== undefined) add('owner_id = ?', stream.owner);
  if (stream.excludeOwner !== undefined) add('owner_id <> ?', stream.excludeOwner);
  if (stream.status !== undefined) add('status = ?', stream.status);
  if (search !== undefined) {
    const pattern = containsPattern(search);
    add("(LOWER(name) LIKE ? ESCAPE '!' OR LOWER(description) LIKE ? ESCAPE '!')", pattern, pattern);
  }
  // Spelled out rather than as a row comparison `(created_at, id) < (?, ?)`, which MariaDB does not turn into an index range.
  if (seek !== undefined) add('created_at <= ? AND (created_at < ? OR id < ?)', seek.createdAt, seek.createdAt, seek.id);
  return { where: clauses.length > 0 ? clauses.join(' AND ') : '1 = 1', params };
}
