import { IncomingMessage, STATUS_CODES } from 'node:http';
import { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { pushSocket } from './push-socket';
import { UpgradeRefusal, WebSocketRoute } from './websocket-route';
import { WebSocketSettings } from './websocket-settings';

export interface WebSocketEndpoints {
  /** Each route has its own session type; the dispatcher only hands it from `accept` to `open`. */
  routes: ReadonlyArray<WebSocketRoute<unknown>>;
  /** What a route threw in `accept` (or a path no route serves) as an HTTP answer in the contract's error shape. */
  refusal(error: unknown): UpgradeRefusal;
  notFound: UpgradeRefusal;
  settings: WebSocketSettings;
  onError?(error: unknown): void;
}

/** The HTTP server's `upgrade` listener, and the end of every socket it opened (the server is stopping). */
export interface UpgradeHandler {
  handle(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  closeAll(): void;
}

/** Going away: the close code of a server that stops. */
const GOING_AWAY = 1001;

/** The HTTP server's `upgrade` listener: matches a route, lets it accept or refuse before upgrading, then serves the socket. */
export function webSocketUpgrades(endpoints: WebSocketEndpoints): UpgradeHandler {
  const server = new WebSocketServer({ noServer: true, maxPayload: endpoints.settings.maxMessageBytes });
  const handle = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = endpoints.routes.map((route) => ({ route, found: route.path.exec(url.pathname) })).find(({ found }) => found);
    if (!match?.found) return refuse(socket, endpoints.notFound);
    const { route, found } = match;
    route.accept(request, url, found.slice(1)).then(
      (session) => server.handleUpgrade(request, socket, head, (ws) => route.open(pushSocket(ws, endpoints.settings), session)),
      (error: unknown) => {
        const refusal = endpoints.refusal(error);
        if (refusal.status >= 500) endpoints.onError?.(error);
        refuse(socket, refusal);
      },
    );
  };
  const closeAll = (): void => {
    for (const client of server.clients) client.close(GOING_AWAY, 'server stopping');
    setTimeout(() => server.clients.forEach((client) => client.terminate()), 1_000).unref();
  };
  return { handle, closeAll };
}

function refuse(socket: Duplex, { status, body }: UpgradeRefusal): void {
  if (!socket.writable) return void socket.destroy();
  const payload = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
  );
}
