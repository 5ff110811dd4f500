import { Execution } from '../../../core/domain/execution/execution.entity';
import { Page } from '../../../core/shared/pagination';
import { ExecutionPageResponse, ExecutionResponse } from '../dto/execution.dto';

export function toExecutionResponse(execution: Execution): ExecutionResponse {
  const { tokenUsage, error, options } = execution;
  return {
    id: execution.id,
    agent_id: execution.targetType === 'agent' ? execution.targetId : null,
    workflow_id: execution.targetType === 'workflow' ? execution.targetId : null,
    target_type: execution.targetType,
    target_id: execution.targetId,
    target_version: execution.targetVersion,
    mode: execution.mode,
    status: execution.status,
    success: execution.success,
    input: execution.input,
    output: execution.output,
    steps: execution.steps,
    token_usage: { prompt_tokens: tokenUsage.promptTokens, completion_tokens: tokenUsage.completionTokens, total_tokens: tokenUsage.totalTokens },
    llm_calls: execution.llmCalls,
    error: error ? { code: error.code, message: error.message } : null,
    attempt: execution.attempt,
    trigger: execution.trigger,
    parent_execution_id: execution.parentExecutionId,
    session_id: options.sessionId ?? null,
    rounds: execution.mode === 'debate' ? (options.rounds ?? null) : null,
    created_at: execution.createdAt.toISOString(),
    started_at: execution.startedAt?.toISOString() ?? null,
    finished_at: execution.finishedAt?.toISOString() ?? null,
  };
}

export function toExecutionPageResponse(page: Page<Execution>): ExecutionPageResponse {
  return { items: page.items.map(toExecutionResponse), total: page.total, page: page.page, page_size: page.pageSize };
}
