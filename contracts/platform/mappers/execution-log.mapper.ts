import { Execution, ExecutionStatus } from '../../../core/domain/execution/execution.entity';
import { LlmCall } from '../../../core/domain/llm/llm-call';
import { TokenUsage } from '../../../core/domain/llm/chat-message';
import { ExecutionStatistics } from '../../../core/ports/execution-repository.port';
import { Page } from '../../../core/shared/pagination';
import { CallChain, CallChainNode, ExecutionLog, ExecutionPerformance, LoggedStep } from '../../../core/services/execution-logs/execution-log';
import {
  CallChainNodeResponse,
  CallChainResponse,
  ExecutionLlmCallPageResponse,
  ExecutionLlmCallResponse,
  ExecutionLogPageResponse,
  ExecutionLogResponse,
  ExecutionLogStepResponse,
  ExecutionLogSummaryResponse,
  ExecutionPerformanceResponse,
  ExecutionStatisticsResponse,
} from '../dto/execution-log.dto';
import { ExecutionTokenUsageResponse } from '../dto/execution.dto';

export function toUsage(usage: TokenUsage): ExecutionTokenUsageResponse {
  return { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.totalTokens };
}

export function toExecutionLogSummary(execution: Execution): ExecutionLogSummaryResponse {
  const { startedAt, finishedAt } = execution;
  return {
    execution_id: execution.id,
    target_type: execution.targetType,
    target_id: execution.targetId,
    mode: execution.mode,
    status: execution.status,
    success: execution.success,
    trigger: execution.trigger,
    parent_execution_id: execution.parentExecutionId,
    step_count: execution.steps.length,
    token_usage: toUsage(execution.tokenUsage),
    llm_calls: execution.llmCalls,
    error: execution.error,
    created_at: execution.createdAt.toISOString(),
    started_at: startedAt?.toISOString() ?? null,
    finished_at: finishedAt?.toISOString() ?? null,
    duration_ms: startedAt && finishedAt ? finishedAt.getTime() - startedAt.getTime() : null,
  };
}

export function toExecutionLogPage(page: Page<Execution>): ExecutionLogPageResponse {
  return { items: page.items.map(toExecutionLogSummary), total: page.total, page: page.page, page_size: page.pageSize };
}

export function toExecutionLogStep(step: LoggedStep): ExecutionLogStepResponse {
  return {
    index: step.index,
    name: step.name,
    type: step.type,
    status: step.status,
    input: step.input,
    output: step.output,
    error: step.error,
    started_at: step.startedAt,
    finished_at: step.finishedAt,
    duration_ms: step.durationMs,
    token_usage: step.tokenUsage ? toUsage(step.tokenUsage) : null,
    record: step.record,
  };
}

export function toExecutionLog({ execution, steps }: ExecutionLog): ExecutionLogResponse {
  return { ...toExecutionLogSummary(execution), input: execution.input, output: execution.output, steps: steps.map(toExecutionLogStep) };
}

function toLlmCall(call: LlmCall): ExecutionLlmCallResponse {
  return {
    id: call.id,
    provider: call.provider,
    model: call.model,
    agent_id: call.agentId ?? null,
    prompt_tokens: call.promptTokens,
    completion_tokens: call.completionTokens,
    total_tokens: call.promptTokens + call.completionTokens,
    latency_ms: call.latencyMs,
    outcome: call.outcome,
    attempt: call.attempt,
    created_at: call.createdAt.toISOString(),
  };
}

export function toLlmCallPage(slice: { items: LlmCall[]; total: number; page: number; pageSize: number }): ExecutionLlmCallPageResponse {
  return { items: slice.items.map(toLlmCall), total: slice.total, page: slice.page, page_size: slice.pageSize };
}

export function toPerformance(performance: ExecutionPerformance): ExecutionPerformanceResponse {
  const { model, tools } = performance;
  return {
    execution_id: performance.executionId,
    duration_ms: performance.durationMs,
    step_count: performance.stepCount,
    slowest_steps: performance.slowestSteps.map(({ index, name, type, durationMs }) => ({ index, name, type, duration_ms: durationMs })),
    tokens_per_step: performance.tokensPerStep.map(({ index, name, tokenUsage }) => ({ index, name, token_usage: toUsage(tokenUsage) })),
    model: { calls: model.calls, latency_ms: model.latencyMs, prompt_tokens: model.promptTokens, completion_tokens: model.completionTokens },
    tools: { calls: tools.calls, duration_ms: tools.durationMs },
  };
}

function toChainNode(node: CallChainNode): CallChainNodeResponse {
  return { ...toExecutionLogSummary(node.execution), children: node.children.map(toChainNode) };
}

export function toCallChain(executionId: string, chain: CallChain): CallChainResponse {
  return { execution_id: executionId, path: chain.path, root: toChainNode(chain.root), truncated: chain.truncated };
}

export function toStatistics(statistics: ExecutionStatistics): ExecutionStatisticsResponse {
  const by = (status: ExecutionStatus) => statistics.byStatus[status];
  return {
    total: statistics.total,
    by_status: {
      pending: by('pending'),
      running: by('running'),
      paused: by('paused'),
      completed: by('completed'),
      failed: by('failed'),
      cancelled: by('cancelled'),
    },
    average_duration_ms: statistics.averageDurationMs,
    token_usage: toUsage(statistics.tokenUsage),
    llm_calls: statistics.llmCalls,
  };
}
