import { IncomingMessage } from 'node:http';
import WebSocket from 'ws';

export type WsMessage = Record<string, unknown> & { seq: number; type: string };

export interface WsSession {
  messages: WsMessage[];
  /** Resolves with the close code once the server (or the client) closed the socket. */
  closed: Promise<number>;
  /** Resolves once `count` messages have arrived. */
  received(count: number): Promise<WsMessage[]>;
  send(data: string): void;
  close(): void;
}

export interface WsRefusal {
  status: number;
  body: unknown;
}

/** Opens a WebSocket to `url`; resolves with the session once upgraded, or with the HTTP answer when the server refused. */
export function openSocket(url: string, headers: Record<string, string> = {}): Promise<WsSession | WsRefusal> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const messages: WsMessage[] = [];
    const waiters: Array<{ count: number; resolve: (messages: WsMessage[]) => void }> = [];
    const closed = new Promise<number>((settle) => socket.once('close', (code) => settle(code)));
    socket.on('message', (data) => {
      messages.push(JSON.parse(String(data)) as WsMessage);
      for (const waiter of waiters.filter((candidate) => messages.length >= candidate.count)) waiter.resolve(messages.slice(0, waiter.count));
    });
    socket.once('unexpected-response', (_request, response: IncomingMessage) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
    });
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        messages,
        closed,
        received: (count) =>
          messages.length >= count ? Promise.resolve(messages.slice(0, count)) : new Promise((done) => waiters.push({ count, resolve: done })),
        send: (data) => socket.send(data),
        close: () => socket.close(),
      }),
    );
  });
}

export function isRefusal(answer: WsSession | WsRefusal): answer is WsRefusal {
  return 'status' in answer;
}
