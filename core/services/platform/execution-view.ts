import { Execution } from '../../domain/execution/execution.entity';
import { ExecutionView } from '../../ports/platform-gateway.port';
import { isoOrNull, tokenUsageView } from './view-values';

export function executionView(execution: Execution): ExecutionView {
  return {
    execution_id: execution.id,
    workflow_id: execution.targetId,
    status: execution.status,
    success: execution.success,
    output: execution.output,
    steps_count: execution.steps.length,
    token_usage: tokenUsageView(execution.tokenUsage),
    error: execution.error ? { code: execution.error.code, message: execution.error.message } : null,
    started_at: isoOrNull(execution.startedAt),
    finished_at: isoOrNull(execution.finishedAt),
  };
}
