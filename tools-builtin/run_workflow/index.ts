/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { Json, platform, PlatformExecution } from 'kernel:api';
import { withKernelCode } from '../../plugins/tool-lib/kernel-error-code';

interface Input {
  workflow_id: string;
  input?: Json;
  wait?: boolean;
}

export default async function runWorkflow(input: Input): Promise<PlatformExecution> {
  let execution: PlatformExecution;
  try {
    execution = await platform.call('workflows.run', { workflowId: input.workflow_id, input: input.input ?? {}, wait: input.wait ?? true });
  } catch (error) {
    throw withKernelCode(error);
  }
  const { execution_id, workflow_id, status, success, output, steps_count, token_usage, error, started_at, finished_at } = execution;
  return { execution_id, workflow_id, status, success, output, steps_count, token_usage, error, started_at, finished_at };
}
