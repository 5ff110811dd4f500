import { IncomingMessage } from 'node:http';
import { WebSocket } from 'ws';

/** An HTTP answer given instead of upgrading (bad token, unknown record…). */
export interface UpgradeRefusal {
  status: number;
  body: object;
}

/** A WebSocket endpoint: `accept` decides before the upgrade (refusing with an HTTP answer); `open` serves the socket. */
export interface WebSocketRoute<Session> {
  /** Matched against the request's path (no query); its groups are the path parameters. */
  path: RegExp;
  /** Throws to refuse: `refusal` turns what it threw into an HTTP answer. */
  accept(request: IncomingMessage, url: URL, params: string[]): Promise<Session>;
  open(socket: PushSocket, session: Session): void;
}

/** The upgraded socket, with a bounded send and a signal that aborts when it closes. */
export interface PushSocket {
  readonly raw: WebSocket;
  readonly closed: AbortSignal;
  /** Sends `message` as JSON; false (and the socket dropped) when the client reads too slowly. */
  sendJson(message: object): boolean;
  close(code: number, reason: string): void;
}
