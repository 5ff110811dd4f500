import { JsonValue } from '../../shared/json';

/** Job type that runs one pending execution; payload `{execution_id}`. */
export const EXECUTION_RUN_JOB = 'execution.run';

export function executionRunPayload(executionId: string): JsonValue {
  return { execution_id: executionId };
}

/** The execution id of a job's payload, or undefined when the payload is malformed. */
export function readExecutionRunPayload(payload: JsonValue): string | undefined {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
  const id = payload.execution_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
