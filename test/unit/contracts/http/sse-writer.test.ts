import { EventEmitter } from 'node:events';
import { ServerResponse } from 'node:http';
import { formatSseFrame, SseWriter } from '../../../../contracts/http/sse-writer';

/** The parts of a ServerResponse the writer uses, recording what it is given. */
class FakeResponse extends EventEmitter {
  status?: number;
  headers: Record<string, string> = {};
  written: string[] = [];
  writableEnded = false;
  destroyed = false;
  /** What `write` answers: false plays a full socket buffer. */
  accepts = true;

  writeHead(status: number, headers: Record<string, string>): this {
    this.status = status;
    this.headers = headers;
    return this;
  }

  flushHeaders(): void {}

  write(chunk: string): boolean {
    this.written.push(chunk);
    return this.accepts;
  }

  end(): void {
    this.writableEnded = true;
  }
}

const writerOver = (res: FakeResponse, heartbeatMs = 15_000) => new SseWriter(res as unknown as ServerResponse, heartbeatMs);

describe('formatSseFrame', () => {
  it('When a frame has an id, an event and JSON data, Then it is written as id, event and data lines and a blank line', () => {
    expect(formatSseFrame({ id: 7, event: 'token', data: '{"type":"token","content":"hi"}' })).toBe(
      'id: 7\nevent: token\ndata: {"type":"token","content":"hi"}\n\n',
    );
  });

  it('When data spans lines or a field holds a line break, Then each data line gets its own prefix and no field can end the frame early', () => {
    expect(formatSseFrame({ data: 'one\ntwo\r\nthree' })).toBe('data: one\ndata: two\ndata: three\n\n');
    expect(formatSseFrame({ id: '1\n\ndata: x', event: 'a\nb', data: '' })).toBe('id: 1  data: x\nevent: a b\ndata: \n\n');
  });
});

describe('SseWriter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('When opened, Then it answers 200 with the event-stream headers and the extra ones, and sends a ping comment per heartbeat', () => {
    const res = new FakeResponse();
    const sse = writerOver(res, 1_000);
    sse.open({ 'x-stream-id': 'run-1' });

    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-stream-id': 'run-1',
    });
    jest.advanceTimersByTime(2_500);
    expect(res.written).toEqual([': ping\n\n', ': ping\n\n']);
    sse.end();
    jest.advanceTimersByTime(5_000);
    expect(res.written).toHaveLength(2);
    expect(res.writableEnded).toBe(true);
  });

  it('When frames come in a burst, Then the first is written at once and the others together at the next turn of the loop', async () => {
    const res = new FakeResponse();
    const sse = writerOver(res);
    sse.open();
    await Promise.all(['a', 'b', 'c'].map((data, i) => sse.send({ id: i + 1, data })));
    expect(res.written).toEqual(['id: 1\ndata: a\n\n']);
    jest.advanceTimersToNextTimer();
    expect(res.written).toEqual(['id: 1\ndata: a\n\n', 'id: 2\ndata: b\n\nid: 3\ndata: c\n\n']);
    await sse.send({ data: 'd' });
    sse.end();
    expect(res.written.at(-1)).toBe('data: d\n\n');
  });

  it('When the socket buffer is full, Then send waits for drain before it resolves', async () => {
    const res = new FakeResponse();
    const sse = writerOver(res);
    sse.open();
    res.accepts = false;
    let sent = false;
    const sending = sse.send({ data: 'x' }).then(() => (sent = true));
    await Promise.resolve();
    expect(sent).toBe(false);
    res.emit('drain');
    await sending;
    expect(sent).toBe(true);
  });

  it('When the client is gone, Then a waiting send resolves and later sends and pings write nothing', async () => {
    const res = new FakeResponse();
    const sse = writerOver(res, 1_000);
    sse.open();
    res.accepts = false;
    const sending = sse.send({ data: 'x' });
    res.destroyed = true;
    res.emit('close');
    await sending;
    await sse.send({ data: 'y' });
    jest.advanceTimersByTime(3_000);
    expect(res.written).toEqual(['data: x\n\n']);
    expect(sse.closed).toBe(true);
  });
});
