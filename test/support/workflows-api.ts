import { HttpResult, request } from './http-client';
import { PlatformUser } from './platform-user';

export type Json = Record<string, unknown>;

/** A workflow record as the platform answers it. */
export interface WorkflowBody {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  nodes: Json[];
  edges: Json[];
  version: number;
  created_at: string;
  updated_at: string;
}

export interface WorkflowPage {
  items: WorkflowBody[];
  total: number;
  page: number;
  page_size: number;
}

/** start → a template node rendering `text` → end. */
export function templateWorkflow(name: string, text: string, description = ''): Json {
  return {
    name,
    description,
    nodes: [
      { id: 'start', type: 'start', position: { x: 0, y: 0 } },
      { id: 'greet', type: 'template', label: 'Greet', config: { template: text }, position: { x: 200, y: 0 } },
      { id: 'end', type: 'end', position: { x: 400, y: 0 } },
    ],
    edges: [
      { source: 'start', target: 'greet' },
      { source: 'greet', target: 'end' },
    ],
  };
}

/** `/api/v1/workflows` of a running platform, called as a user (or anonymously). */
export function workflowsApi(platformUrl: string) {
  const base = `${platformUrl}/api/v1/workflows`;
  const call = <T = Json>(method: string, path: string, user: PlatformUser | undefined, body?: unknown): Promise<HttpResult<T>> =>
    request<T>(method, `${base}${path}`, { token: user?.token, body });
  return {
    call,
    /** Creates a workflow and expects 201. */
    async create(
      user: PlatformUser,
      body: Json = templateWorkflow(`Workflow ${Math.random().toString(36).slice(2, 8)}`, 'Hello {{input.name}}'),
    ): Promise<WorkflowBody> {
      const res = await call<WorkflowBody>('POST', '', user, body);
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
      return res.body;
    },
    /** Replaces a workflow and expects 200. */
    async update(user: PlatformUser, id: string, body: Json): Promise<WorkflowBody> {
      const res = await call<WorkflowBody>('PUT', `/${id}`, user, body);
      if (res.status !== 200) throw new Error(`update failed: ${res.status} ${res.text}`);
      return res.body;
    },
    list: (user: PlatformUser, query = '') => call<WorkflowPage>('GET', query ? `?${query}` : '', user),
  };
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
