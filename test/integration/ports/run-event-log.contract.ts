import { randomUUID } from 'node:crypto';
import { RunEvent, RunEventData } from '../../../core/domain/run/run-event';
import { ExpiredStateSweeper } from '../../../core/ports/expired-state-sweeper.port';
import { RunEventLog } from '../../../core/ports/run-event-log.port';

/**
 * Two logs over one store, as two processes see it: `writer` where runs execute, `reader` elsewhere
 * (its live tail is the broker's fan-out, or, in-process, only the store). `restarted` is a fresh
 * writer on the same store, as after a move to another process.
 */
export interface RunEventLogSubject {
  writer: RunEventLog;
  reader: RunEventLog;
  restarted(): RunEventLog;
  sweeper: ExpiredStateSweeper;
  /** How long the logs keep events (ms). */
  retentionMs: number;
  destroy(): Promise<void>;
}

const usage = { promptTokens: 3, completionTokens: 4, totalTokens: 7 };
const token = (content: string): RunEventData => ({ type: 'token', content });
const done: RunEventData = { type: 'done', tokenUsage: usage, sessionId: 'session-1' };

async function collect(iterable: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
}

const seqs = (events: RunEvent[]) => events.map((e) => e.seq);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export function describeRunEventLogContract(name: string, makeSubject: () => Promise<RunEventLogSubject>): void {
  describe(name, () => {
    let subject: RunEventLogSubject;
    beforeAll(async () => {
      subject = await makeSubject();
    });
    afterAll(async () => {
      await subject?.destroy();
    });

    it('When events are appended, Then they get seqs 1, 2, 3… and read back whole, tokens one by one, every kind round-tripping', async () => {
      const runId = randomUUID();
      const events: RunEventData[] = [
        token('Hel'),
        token('lo'),
        { type: 'tool_call', id: 'call_1', name: 'calculator', arguments: { expression: '2+3' }, agentId: 'agent-1' },
        { type: 'tool_result', id: 'call_1', name: 'calculator', result: { value: 5 } },
        { type: 'tool_result', id: 'call_2', name: 'web_fetch', error: { code: 'timeout', message: 'Too slow' } },
        { type: 'step', name: 'node-1', detail: { ok: true } },
        { type: 'status', status: 'running' },
        { ...token(' wörld 中文'), agentId: 'agent-2' },
        done,
      ];
      const appended = [];
      for (const event of events) appended.push(await subject.writer.append(runId, event));

      expect(appended).toEqual(events.map((event, i) => ({ ...event, seq: i + 1 })));
      expect(await subject.writer.read(runId, 0)).toEqual(appended);
      expect(await subject.reader.read(runId, 1)).toEqual(appended.slice(1));
      expect(await subject.reader.read(runId, 9)).toEqual([]);
      expect(await subject.reader.read(randomUUID(), 0)).toEqual([]);
    });

    it('When many tokens are appended, Then they are stored (packed or not) so that a read from any seq inside them starts right after it', async () => {
      const runId = randomUUID();
      for (let i = 1; i <= 150; i += 1) await subject.writer.append(runId, token(`t${i} `));
      await subject.writer.append(runId, done);

      const all = await subject.reader.read(runId, 0);
      expect(seqs(all)).toEqual(range(1, 151));
      expect(all[41]).toEqual({ type: 'token', content: 't42 ', seq: 42 });
      expect(seqs(await subject.reader.read(runId, 70))).toEqual(range(71, 151));
    });

    it('When a non-token event is appended, Then it and every token before it are stored by the time the append resolves', async () => {
      const runId = randomUUID();
      await subject.writer.append(runId, token('a'));
      await subject.writer.append(runId, token('b'));
      await subject.writer.append(runId, { type: 'tool_call', id: 'c', name: 'calculator', arguments: {} });
      expect(seqs(await subject.reader.read(runId, 0))).toEqual([1, 2, 3]);
      await subject.writer.append(runId, done);
    });

    it('When a follower joins a run in full flow, Then it gets every event after its seq exactly once, in order, and stops after the terminal one', async () => {
      const runId = randomUUID();
      const total = 400;
      let follow: Promise<RunEvent[]> | undefined;
      const controller = new AbortController();
      for (let i = 1; i < total; i += 1) {
        await subject.writer.append(runId, i % 50 === 0 ? { type: 'step', name: `s${i}` } : token(`${i} `));
        // Joins between two appends, with earlier tokens stored, buffered and in flight.
        if (i === 137) follow = collect(subject.writer.follow(runId, 20, controller.signal));
        if (i % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      await subject.writer.append(runId, done);

      const events = await follow!;
      expect(seqs(events)).toEqual(range(21, total));
      expect(events.at(-1)).toEqual({ ...done, seq: total });
    });

    it('When another process follows a running run, Then it sees the events as they come and ends with the terminal one', async () => {
      const runId = randomUUID();
      await subject.writer.append(runId, token('first '));
      const follow = subject.reader.follow(runId, 0, new AbortController().signal);
      await follow.ready;
      const collected = collect(follow);
      for (let i = 0; i < 30; i += 1) await subject.writer.append(runId, token(`${i} `));
      await subject.writer.append(runId, { type: 'error', code: 'llm.upstream_error', message: 'The model provider failed' });

      const events = await collected;
      expect(seqs(events)).toEqual(range(1, 32));
      expect(events.at(-1)).toMatchObject({ type: 'error', code: 'llm.upstream_error' });
    });

    it('When a follow resumes after a seq of an ended run, Then it gets exactly the rest; after the terminal one, nothing, at once', async () => {
      const runId = randomUUID();
      for (let i = 0; i < 5; i += 1) await subject.writer.append(runId, token(`${i}`));
      await subject.writer.append(runId, done);
      const signal = new AbortController().signal;

      expect(seqs(await collect(subject.reader.follow(runId, 3, signal)))).toEqual([4, 5, 6]);
      expect(await collect(subject.reader.follow(runId, 6, signal))).toEqual([]);
    });

    it('When the signal aborts, Then a follow of a quiet run ends', async () => {
      const runId = randomUUID();
      await subject.writer.append(runId, { type: 'status', status: 'running' });
      const controller = new AbortController();
      const follow = subject.reader.follow(runId, 0, controller.signal);
      const events: RunEvent[] = [];
      const ended = (async () => {
        for await (const event of follow) {
          events.push(event);
          controller.abort();
        }
      })();
      await ended;
      expect(seqs(events)).toEqual([1]);
    });

    it('When a run is continued by a writer in another process, Then its seqs go on from the last stored one', async () => {
      const runId = randomUUID();
      await subject.writer.append(runId, token('a'));
      await subject.writer.append(runId, { type: 'status', status: 'paused' });
      const next = subject.restarted();
      expect(await next.append(runId, { type: 'status', status: 'running' })).toMatchObject({ seq: 3 });
      await next.append(runId, done);
      expect(seqs(await subject.reader.read(runId, 0))).toEqual([1, 2, 3, 4]);
    });

    it('When a writer released a run that another process then continued, Then the first continues from the stored seq when the run comes back', async () => {
      const runId = randomUUID();
      await subject.writer.append(runId, { type: 'status', status: 'running' });
      await subject.writer.append(runId, token('a'));
      await subject.writer.release(runId);
      const other = subject.restarted();
      await other.append(runId, { type: 'status', status: 'running' });
      await other.append(runId, { type: 'status', status: 'paused' });
      await other.release(runId);
      expect(await subject.writer.append(runId, { type: 'status', status: 'running' })).toMatchObject({ seq: 5 });
      await subject.writer.append(runId, done);
      expect(seqs(await subject.reader.read(runId, 0))).toEqual(range(1, 6));
    });

    it('When the retention has passed, Then the expiry sweep deletes the events, and not before', async () => {
      const runId = randomUUID();
      await subject.writer.append(runId, token('old'));
      await subject.writer.append(runId, done);
      expect(await subject.sweeper.sweepExpired(new Date(Date.now() + subject.retentionMs - 60_000))).toBe(0);
      expect(await subject.writer.read(runId, 0)).toHaveLength(2);

      expect(await subject.sweeper.sweepExpired(new Date(Date.now() + subject.retentionMs + 60_000))).toBeGreaterThanOrEqual(2);
      expect(await subject.writer.read(runId, 0)).toEqual([]);
    });
  });
}
