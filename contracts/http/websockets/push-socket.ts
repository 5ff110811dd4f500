import { WebSocket } from 'ws';
import { PushSocket } from './websocket-route';
import { WebSocketSettings } from './websocket-settings';

/** Policy violation: the close code for a client that does not keep up. */
const TOO_SLOW = 1008;

/** Wraps an upgraded socket: heartbeat pings, a bounded send queue, and a signal for its end. */
export function pushSocket(socket: WebSocket, settings: WebSocketSettings): PushSocket {
  const ended = new AbortController();
  let alive = true;
  socket.on('pong', () => (alive = true));
  const heartbeat = setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
  }, settings.heartbeatMs);
  heartbeat.unref();
  socket.once('close', () => {
    clearInterval(heartbeat);
    ended.abort();
  });
  socket.on('error', () => socket.terminate());
  return {
    raw: socket,
    closed: ended.signal,
    sendJson(message: object): boolean {
      if (socket.readyState !== WebSocket.OPEN) return false;
      if (socket.bufferedAmount > settings.maxBufferedBytes) {
        // A client that never reads must not make the server buffer without limit.
        socket.close(TOO_SLOW, 'client too slow');
        socket.terminate();
        return false;
      }
      socket.send(JSON.stringify(message));
      return true;
    },
    close(code: number, reason: string): void {
      if (socket.readyState === WebSocket.OPEN) socket.close(code, reason);
    },
  };
}
