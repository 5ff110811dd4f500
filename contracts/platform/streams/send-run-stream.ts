import { Request } from 'express';
import { isTerminal, RunEvent } from '../../../core/domain/run/run-event';
import { requestLog } from '../../http/http-logging';
import { SseWriter } from '../../http/sse-writer';
import { BROKEN_STREAM_FRAME, toSseFrame } from './run-event-frame';

/** `request.app.locals.sseHeartbeatMs`, set by the app factory (SSE_HEARTBEAT_MS). */
function heartbeatMsOf(request: Request): number {
  return Number(request.app.locals.sseHeartbeatMs ?? 15_000);
}

/**
 * Answers `request` with the run's events as SSE, its id in `X-Stream-Id`, until the terminal
 * frame or the client leaves. A failure of the log itself ends the stream with an `error` frame.
 */
export async function sendRunStream(request: Request, runId: string, events: AsyncIterable<RunEvent>): Promise<void> {
  const res = request.res;
  if (!res) throw new Error('sendRunStream needs the response of the request');
  const sse = new SseWriter(res, heartbeatMsOf(request));
  sse.open({ 'x-stream-id': runId });
  let ended = false;
  try {
    for await (const event of events) {
      const frame = toSseFrame(event);
      if (frame) await sse.send(frame);
      ended = isTerminal(event);
      if (sse.closed) break;
    }
  } catch (error) {
    requestLog(request)?.error({ err: error, runId }, 'run stream failed');
    if (!ended) await sse.send(BROKEN_STREAM_FRAME);
  } finally {
    sse.end();
  }
}
