import { RunEvent } from '../../../core/domain/run/run-event';
import { SseFrame } from '../../http/sse-writer';
import { PLATFORM_ERROR_MAP } from '../errors/error-map';

/**
 * A run event as a platform SSE frame (decisions.md): `id:` its seq, `event:` its type, `data:` JSON
 * with `type`, snake_case fields and `agent_id` for a member's. Only the five chat events are sent.
 */
export function toSseFrame(event: RunEvent): SseFrame | undefined {
  const data = dataOf(event);
  if (!data) return undefined;
  const member = event.agentId === undefined ? {} : { agent_id: event.agentId };
  return { id: event.seq, event: event.type, data: JSON.stringify({ type: event.type, ...data, ...member }) };
}

function dataOf(event: RunEvent): object | undefined {
  switch (event.type) {
    case 'token':
      return { content: event.content };
    case 'tool_call':
      return { id: event.id, name: event.name, arguments: event.arguments };
    case 'tool_result':
      return 'error' in event ? { id: event.id, name: event.name, error: event.error } : { id: event.id, name: event.name, result: event.result };
    case 'done': {
      const { promptTokens, completionTokens, totalTokens } = event.tokenUsage;
      return {
        session_id: event.sessionId ?? null,
        token_usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: totalTokens },
        ...(event.review ? { review: { passed: event.review.passed, reason: event.review.reason } } : {}),
      };
    }
    case 'error':
      return { error: wireCode(event.code), message: event.message, ...(event.sessionId ? { session_id: event.sessionId } : {}) };
    default:
      return undefined;
  }
}

/** The platform's error code for a domain code, as its JSON errors would say it. */
export function wireCode(code: string): string {
  const reason = code.slice(code.lastIndexOf('.') + 1);
  return PLATFORM_ERROR_MAP[reason]?.error ?? reason;
}

/** An `error` frame for a stream that broke on our side (no seq: it is not in the run's log). */
export const BROKEN_STREAM_FRAME: SseFrame = {
  event: 'error',
  data: JSON.stringify({ type: 'error', error: 'internal_error', message: 'The stream failed' }),
};
