import { HttpResult, request } from './http-client';
import { PlatformUser } from './platform-user';

export type Json = Record<string, unknown>;

/** An agent record as the platform answers it. */
export interface AgentBody {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  system_prompt: string;
  model_config: { provider: string; model_name: string; temperature: number; model_config_id: string | null };
  iteration_limit: number;
  include_tools: string[];
  workflow_config: Json;
  status: 'draft' | 'deployed' | 'stopped';
  version: number;
  is_main_agent: boolean;
  created_at: string;
  updated_at: string;
}

export interface AgentPage {
  items: AgentBody[];
  total: number;
  page: number;
  page_size: number;
  next_cursor: string | null;
}

/** `/api/v1/agents` of a running platform, called as a user (or anonymously). */
export function agentsApi(platformUrl: string) {
  const base = `${platformUrl}/api/v1/agents`;
  const call = <T = Json>(method: string, path: string, user: PlatformUser | undefined, body?: unknown): Promise<HttpResult<T>> =>
    request<T>(method, `${base}${path}`, { token: user?.token, body });
  return {
    call,
    /** Creates an agent and expects 201. */
    async create(user: PlatformUser, body: Json = {}): Promise<AgentBody> {
      const res = await call<AgentBody>('POST', '', user, { name: `Agent ${Math.random().toString(36).slice(2, 8)}`, ...body });
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
      return res.body;
    },
    /** Deploys an agent and expects 200. */
    async deploy(user: PlatformUser, id: string): Promise<AgentBody> {
      const res = await call<AgentBody>('POST', `/${id}/deploy`, user);
      if (res.status !== 200) throw new Error(`deploy failed: ${res.status} ${res.text}`);
      return res.body;
    },
    list: (user: PlatformUser, query = '') => call<AgentPage>('GET', query ? `?${query}` : '', user),
  };
}

/** Stores an offline model configuration of `user` and answers its id (an agent may bind only its owner's). */
export async function aModelConfigOf(platformUrl: string, user: PlatformUser): Promise<string> {
  const name = `Config ${Math.random().toString(36).slice(2, 8)}`;
  const res = await request<{ id: string }>('POST', `${platformUrl}/api/v1/model-configs`, {
    token: user.token,
    body: { name, provider: 'offline', model: 'offline-1' },
  });
  if (res.status !== 201) throw new Error(`model config failed: ${res.status} ${res.text}`);
  return res.body.id;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
