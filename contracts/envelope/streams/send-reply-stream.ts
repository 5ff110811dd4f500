import { Request } from 'express';
import { EnvelopeReplyEvent } from '../../../core/services/envelope/envelope-reply-event';
import { requestLog } from '../../http/http-logging';
import { SseWriter } from '../../http/sse-writer';

/** `request.app.locals.sseHeartbeatMs`, set by the app factory (SSE_HEARTBEAT_MS). */
function heartbeatMsOf(request: Request): number {
  return Number(request.app.locals.sseHeartbeatMs ?? 15_000);
}

/**
 * Answers `request` with the reply as SSE `data:` frames (no `event:` or `id:` lines: envelope-api.md),
 * until the terminal frame or the client leaves. Leaving stops the writing, not the reply.
 */
export async function sendReplyStream(request: Request, events: AsyncIterable<EnvelopeReplyEvent>): Promise<void> {
  const res = request.res;
  if (!res) throw new Error('sendReplyStream needs the response of the request');
  const sse = new SseWriter(res, heartbeatMsOf(request));
  sse.open();
  let ended = false;
  try {
    for await (const event of events) {
      await sse.send({ data: JSON.stringify(event) });
      ended = event.type !== 'token';
      if (sse.closed) break;
    }
  } catch (error) {
    requestLog(request)?.error({ err: error }, 'reply stream failed');
    if (!ended) await sse.send({ data: JSON.stringify({ type: 'error', content: 'The reply stream broke' }) });
  } finally {
    sse.end();
  }
}
