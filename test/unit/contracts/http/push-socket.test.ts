import { EventEmitter } from 'node:events';
import { WebSocket } from 'ws';
import { pushSocket } from '../../../../contracts/http/websockets/push-socket';

/** Just what pushSocket touches of a `ws` socket. */
class FakeSocket extends EventEmitter {
  readyState: number = WebSocket.OPEN;
  bufferedAmount = 0;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  closedWith?: number;
  send(data: string): void {
    this.sent.push(data);
  }
  ping(): void {
    this.pings += 1;
  }
  close(code: number): void {
    this.closedWith = code;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = WebSocket.CLOSED;
    this.emit('close', 1006);
  }
}

const SETTINGS = { heartbeatMs: 1_000, maxMessageBytes: 1024, maxBufferedBytes: 10_000 };

describe('pushSocket', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('When the client reads, Then messages go out as JSON', () => {
    const raw = new FakeSocket();
    const socket = pushSocket(raw as unknown as WebSocket, SETTINGS);
    expect(socket.sendJson({ seq: 1, type: 'status' })).toBe(true);
    expect(raw.sent).toEqual(['{"seq":1,"type":"status"}']);
  });

  it('When a client does not read and its queue passes the cap, Then the socket is dropped instead of buffering more, and its signal aborts', () => {
    const raw = new FakeSocket();
    const socket = pushSocket(raw as unknown as WebSocket, SETTINGS);
    raw.bufferedAmount = 10_001;
    expect(socket.sendJson({ seq: 2, type: 'step' })).toBe(false);
    expect(raw.sent).toEqual([]);
    expect({ closedWith: raw.closedWith, terminated: raw.terminated, aborted: socket.closed.aborted }).toEqual({
      closedWith: 1008,
      terminated: true,
      aborted: true,
    });
  });

  it('When the heartbeat ticks, Then the client is pinged; with no pong by the next tick, Then it is dropped', () => {
    const raw = new FakeSocket();
    pushSocket(raw as unknown as WebSocket, SETTINGS);
    jest.advanceTimersByTime(1_000);
    expect(raw.pings).toBe(1);
    raw.emit('pong');
    jest.advanceTimersByTime(1_000);
    expect({ pings: raw.pings, terminated: raw.terminated }).toEqual({ pings: 2, terminated: false });
    jest.advanceTimersByTime(1_000);
    expect(raw.terminated).toBe(true);
  });
});
