/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { Json, platform, PlatformExecution } from 'kernel:api';

interface Input {
  workflow_id: string;
  input?: Json;
  wait?: boolean;
}

export default async function runWorkflow(input: Input): Promise<PlatformExecution> {
  const execution: PlatformExecution = await platform.call('workflows.run', {
    workflowId: input.workflow_id,
    input: input.input ?? {},
    wait: input.wait ?? true,
  });
  const { execution_id, workflow_id, status, success, output, steps_count, token_usage, error, started_at, finished_at } = execution;
  return { execution_id, workflow_id, status, success, output, steps_count, token_usage, error, started_at, finished_at };
}
