import { RunEvent } from '../../../core/domain/run/run-event';
import { RunEventMessage } from '../dto/execution-log.dto';
import { wireCode } from '../streams/run-event-frame';

/** A run event as the platform shows it outside SSE (WebSocket messages, `/execution-logs/{id}/events`): `{seq, type, …}`, snake_case. */
export function toRunEventMessage(event: RunEvent): RunEventMessage {
  const member = event.agentId === undefined ? {} : { agent_id: event.agentId };
  return { seq: event.seq, type: event.type, ...fieldsOf(event), ...member };
}

function fieldsOf(event: RunEvent): Omit<RunEventMessage, 'seq' | 'type'> {
  switch (event.type) {
    case 'token':
      return { content: event.content };
    case 'tool_call':
      return { id: event.id, name: event.name, arguments: event.arguments };
    case 'tool_result':
      return 'error' in event ? { id: event.id, name: event.name, error: event.error } : { id: event.id, name: event.name, result: event.result };
    case 'step':
      return { name: event.name, detail: event.detail ?? null };
    case 'status':
      return { status: event.status };
    case 'done': {
      const { promptTokens, completionTokens, totalTokens } = event.tokenUsage;
      return { token_usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: totalTokens } };
    }
    case 'error':
      return { error: wireCode(event.code), message: event.message };
  }
}
