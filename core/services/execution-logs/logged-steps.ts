import { redactSecrets } from '../../domain/execution/redacted-json';
import { TokenUsage } from '../../domain/llm/chat-message';
import { JsonValue } from '../../shared/json';
import { isJsonObject, stepName } from '../executions/execution-step-summary';
import { LoggedStep } from './execution-log';

type JsonObject = { [key: string]: JsonValue };

/** The steps of an execution as the log shows them, whatever the mode recorded. */
export function loggedSteps(steps: ReadonlyArray<JsonValue>): LoggedStep[] {
  return steps.map((step, index) => loggedStep(step, index));
}

function loggedStep(step: JsonValue, index: number): LoggedStep {
  const record = redactSecrets(step);
  const fields: JsonObject = isJsonObject(record) ? record : {};
  const error = errorOf(fields.error);
  return {
    index,
    name: stepName(step, index),
    type: text(fields.type) ?? text(fields.role),
    status: text(fields.status) ?? (isJsonObject(step) ? (error ? 'failed' : 'completed') : null),
    input: fields.arguments ?? fields.input ?? null,
    output: fields.result ?? fields.output ?? fields.content ?? null,
    error,
    startedAt: text(fields.started_at),
    finishedAt: text(fields.finished_at),
    durationMs: typeof fields.duration_ms === 'number' ? fields.duration_ms : null,
    tokenUsage: usageOf(fields.token_usage),
    record,
  };
}

function text(value: JsonValue | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

function errorOf(value: JsonValue | undefined): LoggedStep['error'] {
  if (!isJsonObject(value)) return null;
  return { code: text(value.code) ?? 'step.failed', message: text(value.message) ?? '' };
}

/** Steps record usage in snake_case (`token_usage`) or as the core's `TokenUsage`. */
function usageOf(value: JsonValue | undefined): TokenUsage | null {
  if (!isJsonObject(value)) return null;
  const count = (...keys: string[]) => keys.map((key) => value[key]).find((entry): entry is number => typeof entry === 'number') ?? 0;
  return {
    promptTokens: count('prompt_tokens', 'promptTokens'),
    completionTokens: count('completion_tokens', 'completionTokens'),
    totalTokens: count('total_tokens', 'totalTokens'),
  };
}
