import { ToolCallRecord } from '../../../../core/domain/tool/tool-call-record';
import { RunTrace } from '../../../../core/domain/run/run-trace';
import { ToolCallOrmEntity } from '../entities/tool-call.orm-entity';

const MAX_SESSION_CHARS = 64;
const MAX_VERSION_CHARS = 64;
const MAX_REASON_CHARS = 64;

export function toToolCallRow(call: ToolCallRecord): ToolCallOrmEntity {
  return {
    id: call.id,
    agentId: call.trace.agentId ?? '',
    executionId: call.trace.executionId ?? '',
    // Session ids come from clients; a longer one is cut rather than failing the record.
    sessionId: (call.trace.sessionId ?? '').slice(0, MAX_SESSION_CHARS),
    ownerId: call.trace.ownerId ?? '',
    toolId: call.tool_id,
    version: call.version.slice(0, MAX_VERSION_CHARS),
    outcome: call.outcome,
    reason: (call.reason ?? '').slice(0, MAX_REASON_CHARS),
    wallMs: Math.round(call.wall_ms),
    cpuMs: Math.round(call.cpu_ms),
    heapBytes: Math.round(call.heap_bytes),
    httpCalls: call.http_calls,
    capabilitiesUsed: JSON.stringify(call.capabilities_used),
    createdAt: call.created_at,
  };
}

export function toToolCallRecord(row: ToolCallOrmEntity): ToolCallRecord {
  const trace: RunTrace = {
    ...(row.agentId ? { agentId: row.agentId } : {}),
    ...(row.executionId ? { executionId: row.executionId } : {}),
    ...(row.sessionId ? { sessionId: row.sessionId } : {}),
    ...(row.ownerId ? { ownerId: row.ownerId } : {}),
  };
  return {
    id: row.id,
    tool_id: row.toolId,
    version: row.version,
    trace,
    outcome: row.outcome as ToolCallRecord['outcome'],
    ...(row.reason ? { reason: row.reason } : {}),
    wall_ms: Number(row.wallMs),
    cpu_ms: Number(row.cpuMs),
    heap_bytes: Number(row.heapBytes),
    http_calls: Number(row.httpCalls),
    capabilities_used: JSON.parse(row.capabilitiesUsed) as string[],
    created_at: row.createdAt,
  };
}
