import { HttpResult, request } from './http-client';
import { PlatformUser } from './platform-user';

export type Json = Record<string, unknown>;

/** A task record as the platform answers it. */
export interface TaskBody {
  id: string;
  owner_id: string;
  goal_id: string | null;
  title: string;
  description: string;
  status: string;
  priority: string;
  requires_approval: boolean;
  agent_id: string | null;
  claimed_by: string | null;
  claimed_by_agent: boolean;
  lease_expires_at: string | null;
  depends_on: string[];
  result: unknown;
  failure_reason: string | null;
  due_at: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** A goal record as the platform answers it. */
export interface GoalBody {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  status: string;
  agent_id: string | null;
  created_at: string;
  updated_at: string;
}

/** `/api/v1/tasks`, `/api/v1/goals` and `/api/v1/notifications` of a running platform, called as a user (or anonymously). */
export function boardApi(platformUrl: string) {
  const call = <T = Json>(method: string, path: string, user: PlatformUser | undefined, body?: unknown): Promise<HttpResult<T>> =>
    request<T>(method, `${platformUrl}/api/v1${path}`, { token: user?.token, body });
  const expectStatus = async <T>(status: number, pending: Promise<HttpResult<T>>): Promise<T> => {
    const res = await pending;
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status} ${res.text}`);
    return res.body;
  };
  return {
    call,
    /** Creates a goal and expects 201. */
    createGoal: (user: PlatformUser, body: Json = {}): Promise<GoalBody> =>
      expectStatus(201, call<GoalBody>('POST', '/goals', user, { title: 'Ship the release', ...body })),
    /** Creates a task and expects 201. */
    createTask: (user: PlatformUser, body: Json = {}): Promise<TaskBody> =>
      expectStatus(201, call<TaskBody>('POST', '/tasks', user, { title: 'Write the notes', ...body })),
    /** Applies a task action and expects 200. */
    act: (user: PlatformUser, taskId: string, action: string, body?: Json): Promise<TaskBody> =>
      expectStatus(200, call<TaskBody>('POST', `/tasks/${taskId}/${action}`, user, body ?? {})),
  };
}
