import { ExecutionMode } from '../../../../core/domain/execution/execution-mode';
import {
  Execution,
  ExecutionOptions,
  ExecutionStatus,
  ExecutionTargetType,
  ExecutionTrigger,
  FINISHED_EXECUTION_STATUSES,
} from '../../../../core/domain/execution/execution.entity';
import { JsonValue } from '../../../../core/shared/json';
import { ExecutionOrmEntity } from '../entities/execution.orm-entity';

/** What the `payload` column holds; rows written before options existed have none. */
interface ExecutionPayload {
  input: JsonValue;
  options?: ExecutionOptions;
  output: JsonValue;
  steps: JsonValue[];
}

/** Stands for "not yet" in the time columns, which are never NULL (see the entity). */
const NO_TIME = new Date(0);

/** Every column but `revision`, which the repository keeps. */
export type ExecutionRow = Omit<ExecutionOrmEntity, 'revision'>;

export function toExecutionRow(execution: Execution): ExecutionRow {
  return {
    id: execution.id,
    ownerId: execution.ownerId,
    targetType: execution.targetType,
    targetId: execution.targetId,
    targetVersion: execution.targetVersion,
    mode: execution.mode,
    triggeredBy: execution.trigger,
    scheduleId: execution.scheduleId ?? '',
    parentExecutionId: execution.parentExecutionId ?? '',
    status: execution.status,
    success: execution.success ?? false,
    payload: { input: execution.input, options: execution.options, output: execution.output, steps: execution.steps } satisfies ExecutionPayload,
    runState: (execution.runState ?? {}) as object,
    promptTokens: execution.tokenUsage.promptTokens,
    completionTokens: execution.tokenUsage.completionTokens,
    totalTokens: execution.tokenUsage.totalTokens,
    llmCalls: execution.llmCalls,
    attempt: execution.attempt,
    leaseOwner: execution.lease?.owner ?? '',
    leaseExpiresMs: execution.lease?.expiresAt.getTime() ?? 0,
    errorCode: execution.error?.code ?? '',
    errorMessage: execution.error?.message ?? '',
    createdAt: execution.createdAt,
    startedAt: execution.startedAt ?? NO_TIME,
    finishedAt: execution.finishedAt ?? NO_TIME,
    durationMs: execution.startedAt && execution.finishedAt ? Math.max(0, execution.finishedAt.getTime() - execution.startedAt.getTime()) : -1,
  };
}

export function toExecution(row: ExecutionOrmEntity): Execution {
  const status = row.status as ExecutionStatus;
  const payload = row.payload as ExecutionPayload;
  return {
    id: row.id,
    ownerId: row.ownerId,
    targetType: row.targetType as ExecutionTargetType,
    targetId: row.targetId,
    targetVersion: row.targetVersion,
    mode: row.mode as ExecutionMode,
    options: payload.options ?? {},
    trigger: row.triggeredBy as ExecutionTrigger,
    scheduleId: row.scheduleId === '' ? null : row.scheduleId,
    parentExecutionId: row.parentExecutionId === '' ? null : row.parentExecutionId,
    status,
    // MySQL hands booleans back as 0/1; an unfinished run has no verdict yet.
    success: FINISHED_EXECUTION_STATUSES.includes(status) ? Boolean(row.success) : null,
    input: payload.input,
    output: payload.output,
    steps: payload.steps,
    // `{}` is "no state": left out, as a record made without one has none.
    ...(isEmptyState(row.runState) ? {} : { runState: row.runState as JsonValue }),
    tokenUsage: { promptTokens: row.promptTokens, completionTokens: row.completionTokens, totalTokens: row.totalTokens },
    llmCalls: row.llmCalls,
    error: row.errorCode === '' ? null : { code: row.errorCode, message: row.errorMessage },
    attempt: row.attempt,
    // MySQL hands BIGINT back as a string.
    lease: row.leaseOwner === '' ? null : { owner: row.leaseOwner, expiresAt: new Date(Number(row.leaseExpiresMs)) },
    createdAt: row.createdAt,
    startedAt: timeOrNull(row.startedAt),
    finishedAt: timeOrNull(row.finishedAt),
  };
}

function isEmptyState(state: object | null | undefined): boolean {
  return state === null || state === undefined || (typeof state === 'object' && !Array.isArray(state) && Object.keys(state).length === 0);
}

function timeOrNull(value: Date): Date | null {
  return value.getTime() === NO_TIME.getTime() ? null : value;
}
