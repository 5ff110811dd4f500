import { IncomingMessage } from 'node:http';
import { Container } from 'inversify';
import { Actor } from '../../../core/domain/auth/actor';
import { InvalidTokenError } from '../../../core/domain/auth/auth.errors';
import { isTerminal, RunEvent } from '../../../core/domain/run/run-event';
import { BearerAuthenticator } from '../../../core/services/auth/bearer-authenticator.service';
import { ExecutionEventReader } from '../../../core/services/execution-logs/execution-event-reader.service';
import { Logger } from '../../../core/ports/logger.port';
import { BadRequestError } from '../../../core/shared/common.errors';
import { PushSocket, WebSocketRoute } from '../../http/websockets/websocket-route';
import { toRunEventMessage } from '../mappers/run-event-message.mapper';

interface ExecutionSession {
  actor: Actor;
  executionId: string;
  after: number;
}

const NORMAL_CLOSURE = 1000;
const INTERNAL_ERROR = 1011;
const BEARER = /^Bearer ([A-Za-z0-9_\-.=+/]+)$/i;

/**
 * `GET /api/v1/ws/executions/{execution_id}?after=<seq>`: the execution's run events as JSON
 * messages `{seq, type, …}`, the stored ones after `after` then the live tail, closed normally
 * after the terminal `done`/`error` (docs/execution-logs.md). Authenticated by the bearer token of
 * the `Authorization` header or, for browsers, the `token` query parameter; refused before the
 * upgrade with 401 (no valid token), 404 (no such execution, or another user's) or 400 (bad `after`).
 */
export function executionEventsSocket(container: Container, logger: Logger): WebSocketRoute<ExecutionSession> {
  return {
    path: /^\/api\/v1\/ws\/executions\/([0-9a-fA-F-]{36})$/,
    async accept(request: IncomingMessage, url: URL, [executionId]: string[]): Promise<ExecutionSession> {
      const { actor } = await container.get(BearerAuthenticator).authenticate(tokenOf(request, url));
      // Access (404) and `after` (400) are checked before the upgrade; the follow starts once open.
      const after = await container.get(ExecutionEventReader).check(actor, executionId, afterOf(url));
      return { actor, executionId, after };
    },
    open(socket: PushSocket, session: ExecutionSession): void {
      void push(container, logger, socket, session);
    },
  };
}

async function push(container: Container, logger: Logger, socket: PushSocket, { actor, executionId, after }: ExecutionSession): Promise<void> {
  try {
    const events: AsyncIterable<RunEvent> = await container.get(ExecutionEventReader).follow(actor, executionId, after, socket.closed);
    for await (const event of events) {
      if (!socket.sendJson(toRunEventMessage(event))) return;
      if (isTerminal(event)) return socket.close(NORMAL_CLOSURE, 'execution ended');
    }
  } catch (error) {
    logger.error({ executionId, err: error }, 'execution event socket failed');
    socket.close(INTERNAL_ERROR, 'stream failed');
  }
}

function tokenOf(request: IncomingMessage, url: URL): string {
  const header = request.headers.authorization;
  const token = header === undefined ? url.searchParams.get('token') : BEARER.exec(header)?.[1];
  if (!token) throw new InvalidTokenError('Missing bearer token');
  return token;
}

function afterOf(url: URL): number | undefined {
  const raw = url.searchParams.get('after');
  if (raw === null) return undefined;
  if (!/^\d{1,10}$/.test(raw)) throw new BadRequestError('`after` must be a sequence number (a whole number, 0 or more)');
  return Number(raw);
}
