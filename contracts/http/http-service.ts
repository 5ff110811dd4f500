import { createServer, Server } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { Express } from 'express';
import { UpgradeHandler } from './websockets/websocket-upgrades';

export interface RunningService {
  name: string;
  server: Server;
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then closes idle sockets. */
  stop(graceMs?: number): Promise<void>;
}

/** The contract's JSON error body for a request Node refuses before Express sees it. */
export type ClientErrorBody = (status: 400 | 431) => object;

export async function listen(
  name: string,
  app: Express,
  address: { host: string; port: number },
  clientErrorBody: ClientErrorBody,
  upgrades?: UpgradeHandler,
): Promise<RunningService> {
  const { host, port } = address;
  const server = createServer({ maxHeaderSize: 16 * 1024 }, app);
  // With an `upgrade` listener, Node hands upgrade requests to it and never to Express.
  if (upgrades) server.on('upgrade', upgrades.handle);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => answerClientError(error, socket, clientErrorBody));
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    name,
    server,
    port: (server.address() as AddressInfo).port,
    stop: (graceMs = 10_000) => {
      upgrades?.closeAll();
      return stopServer(server, graceMs);
    },
  };
}

function stopServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

function answerClientError(error: NodeJS.ErrnoException, socket: Socket, body: ClientErrorBody): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const payload = JSON.stringify(body(status));
  const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
  );
}
