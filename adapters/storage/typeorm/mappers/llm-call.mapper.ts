import { LlmCall, LlmCallOutcome } from '../../../../core/domain/llm/llm-call';
import { LlmCallOrmEntity } from '../entities/llm-call.orm-entity';

const MAX_MODEL_CHARS = 200;
const MAX_SESSION_CHARS = 64;

export function toLlmCallRow(call: LlmCall): LlmCallOrmEntity {
  return {
    id: call.id,
    agentId: call.agentId ?? '',
    executionId: call.executionId ?? '',
    // Session ids come from clients; a longer one is cut rather than failing the record.
    sessionId: (call.sessionId ?? '').slice(0, MAX_SESSION_CHARS),
    ownerId: call.ownerId ?? '',
    provider: call.provider,
    model: call.model.slice(0, MAX_MODEL_CHARS),
    promptTokens: call.promptTokens,
    completionTokens: call.completionTokens,
    latencyMs: call.latencyMs,
    outcome: call.outcome,
    attempt: call.attempt,
    createdAt: call.createdAt,
  };
}

export function toLlmCall(row: LlmCallOrmEntity): LlmCall {
  return {
    id: row.id,
    ...(row.agentId ? { agentId: row.agentId } : {}),
    ...(row.executionId ? { executionId: row.executionId } : {}),
    ...(row.sessionId ? { sessionId: row.sessionId } : {}),
    ...(row.ownerId ? { ownerId: row.ownerId } : {}),
    provider: row.provider,
    model: row.model,
    promptTokens: Number(row.promptTokens),
    completionTokens: Number(row.completionTokens),
    latencyMs: Number(row.latencyMs),
    outcome: row.outcome as LlmCallOutcome,
    attempt: Number(row.attempt),
    createdAt: row.createdAt,
  };
}
