import { eventually } from './eventually';
import { HttpResult, request } from './http-client';
import { PlatformUser } from './platform-user';
import { Json, workflowsApi } from './workflows-api';

/** An execution record as `/executions/{id}` and `/workflows/{id}/execute` answer it. */
export interface RunBody {
  id: string;
  status: string;
  success: boolean | null;
  input: unknown;
  output: unknown;
  error: { code: string; message: string } | null;
  steps: RunStep[];
  target_version: number;
  trigger: string;
  [field: string]: unknown;
}

export interface RunStep {
  node_id: string;
  type: string;
  status: string;
  output: unknown;
  error: { code: string; message: string } | null;
  started_at: string;
  finished_at: string;
  [field: string]: unknown;
}

const FINAL = ['completed', 'failed', 'cancelled'];

/** `[node_id, status]` of every step, in the order the run recorded them. */
export const trail = (run: RunBody): Array<[string, string]> => run.steps.map((step) => [step.node_id, step.status]);

/** The step of `nodeId`, or a failure naming the steps there are. */
export function stepOf(run: RunBody, nodeId: string): RunStep {
  const found = run.steps.find((step) => step.node_id === nodeId);
  if (!found) throw new Error(`no step ${nodeId} in ${JSON.stringify(trail(run))}`);
  return found;
}

/** Creates workflows over `POST /workflows`, runs them over `POST /workflows/{id}/execute` and follows them at `/executions/{id}`. */
export function workflowRuns(platformUrl: string) {
  const workflows = workflowsApi(platformUrl);
  const execution = (id: string, as: PlatformUser): Promise<HttpResult<RunBody>> =>
    request<RunBody>('GET', `${platformUrl}/api/v1/executions/${id}`, { token: as.token });
  const until = (id: string, as: PlatformUser, done: (run: RunBody) => boolean, timeoutMs?: number): Promise<RunBody> =>
    eventually(async () => {
      const current = await execution(id, as);
      return done(current.body) ? current.body : undefined;
    }, timeoutMs);
  return {
    workflows,
    /** `POST /workflows` and its id. */
    create: async (as: PlatformUser, body: Json): Promise<string> => (await workflows.create(as, body)).id,
    /** `POST /workflows/{id}/execute`, waiting for the run (sync) or not (`async: true`). */
    execute: (id: string, as: PlatformUser, input: unknown, async = false): Promise<HttpResult<RunBody>> =>
      workflows.call<RunBody>('POST', `/${id}/execute`, as, { input, async }),
    execution,
    until,
    /** Waits until the execution is completed, failed or cancelled. */
    finished: (id: string, as: PlatformUser, timeoutMs?: number): Promise<RunBody> => until(id, as, (run) => FINAL.includes(run.status), timeoutMs),
    /** `POST /executions/{id}/pause|resume|cancel`. */
    act: (id: string, as: PlatformUser, action: 'pause' | 'resume' | 'cancel'): Promise<HttpResult<RunBody>> =>
      request<RunBody>('POST', `${platformUrl}/api/v1/executions/${id}/${action}`, { token: as.token }),
  };
}
