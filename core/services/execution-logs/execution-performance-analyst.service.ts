import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { LlmCall } from '../../domain/llm/llm-call';
import { LLM_CALL_LOG, LlmCallLog } from '../../ports/llm-call-log.port';
import { ExecutionPerformance, LoggedStep } from './execution-log';
import { ExecutionLogReader } from './execution-log-reader.service';

/** Model calls read for one analysis: far beyond any execution's budget (EXECUTION_MAX_LLM_CALLS). */
const MAX_CALLS_READ = 2_000;
const SLOWEST = 5;
/** Step types that are tool calls: agent `tool` steps, workflow `tool` nodes. */
const TOOL_TYPES = new Set(['tool']);

/** Where an execution of the actor's spent its time and tokens: slowest steps, tokens per step, model time against tool time. */
@injectable()
export class ExecutionPerformanceAnalyst {
  constructor(
    @inject(ExecutionLogReader) private readonly logs: Pick<ExecutionLogReader, 'get'>,
    @inject(LLM_CALL_LOG) private readonly llmCalls: LlmCallLog,
  ) {}

  async analyse(actor: Actor, executionId: string): Promise<ExecutionPerformance> {
    const { execution, steps } = await this.logs.get(actor, executionId);
    const { items: calls } = await this.llmCalls.list({ executionId }, 0, MAX_CALLS_READ);
    const { startedAt, finishedAt } = execution;
    return {
      executionId,
      durationMs: startedAt && finishedAt ? finishedAt.getTime() - startedAt.getTime() : null,
      stepCount: steps.length,
      slowestSteps: slowest(steps),
      tokensPerStep: steps.flatMap(({ index, name, tokenUsage }) => (tokenUsage ? [{ index, name, tokenUsage }] : [])),
      model: modelTime(calls),
      tools: toolTime(steps),
    };
  }
}

function slowest(steps: LoggedStep[]): ExecutionPerformance['slowestSteps'] {
  return steps
    .flatMap(({ index, name, type, durationMs }) => (durationMs === null ? [] : [{ index, name, type, durationMs }]))
    .sort((a, b) => b.durationMs - a.durationMs || a.index - b.index)
    .slice(0, SLOWEST);
}

function modelTime(calls: LlmCall[]): ExecutionPerformance['model'] {
  return calls.reduce(
    (total, call) => ({
      calls: total.calls + 1,
      latencyMs: total.latencyMs + call.latencyMs,
      promptTokens: total.promptTokens + call.promptTokens,
      completionTokens: total.completionTokens + call.completionTokens,
    }),
    { calls: 0, latencyMs: 0, promptTokens: 0, completionTokens: 0 },
  );
}

function toolTime(steps: LoggedStep[]): ExecutionPerformance['tools'] {
  const tools = steps.filter((step) => step.type !== null && TOOL_TYPES.has(step.type));
  const timed = tools.filter((step) => step.durationMs !== null);
  return { calls: tools.length, durationMs: timed.length === 0 ? null : timed.reduce((sum, step) => sum + (step.durationMs ?? 0), 0) };
}
