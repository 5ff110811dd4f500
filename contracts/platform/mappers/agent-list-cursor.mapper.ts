import { AgentListCursor } from '../../../core/domain/agent/agent-list-cursor';
import { AgentListCursorError } from '../../../core/domain/agent/agent.errors';

const MAX_CURSOR_CHARS = 200;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** `<page>.<created_at in ms>.<id>`: the place is what the next page seeks to in the listing indexes. */
const LAYOUT = /^([1-9]\d{0,8})\.(\d{1,15})\.([A-Za-z0-9-]{1,64})$/;
/** The last instant both dialects store (MariaDB's DATETIME ends with year 9999). */
const MAX_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** The `next_cursor` of a page: opaque to clients (base64url), so its layout may change. */
export function encodeAgentListCursor(cursor: AgentListCursor): string {
  return Buffer.from(`${cursor.page}.${cursor.after.createdAt.getTime()}.${cursor.after.id}`).toString('base64url');
}

/** The cursor a page handed out; anything else is a 400 `bad_request`. */
export function decodeAgentListCursor(raw: string): AgentListCursor {
  const match = raw.length <= MAX_CURSOR_CHARS && BASE64URL.test(raw) ? LAYOUT.exec(Buffer.from(raw, 'base64url').toString('utf8')) : null;
  const createdAt = Number(match?.[2]);
  if (!match || createdAt > MAX_TIME_MS) throw new AgentListCursorError('Invalid cursor: pass the next_cursor of a previous page unchanged');
  return { page: Number(match[1]), after: { createdAt: new Date(createdAt), id: match[3] } };
}
