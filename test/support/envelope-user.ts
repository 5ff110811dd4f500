import { randomUUID } from 'node:crypto';
import { request } from './http-client';

export const ENVELOPE_PASSWORD = 'envelope pass 42';

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export interface EnvelopeUserSession {
  id: number;
  email: string;
  accessToken: string;
  refreshToken: string;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
}

/** A freshly registered envelope user, logged in. `baseUrl` is the service root. */
export async function envelopeSignUp(baseUrl: string, email = `${randomUUID()}@example.com`): Promise<EnvelopeUserSession> {
  const registered = await request<Envelope<{ id: number }>>('POST', `${baseUrl}/api/v1/users/register`, { body: { email, password: ENVELOPE_PASSWORD } });
  if (registered.status !== 200) throw new Error(`register failed: ${registered.text}`);
  const login = await request<Envelope<TokenPair>>('POST', `${baseUrl}/api/v1/users/login`, { body: { email, password: ENVELOPE_PASSWORD } });
  if (login.status !== 200) throw new Error(`login failed: ${login.text}`);
  return { id: registered.body.data.id, email, accessToken: login.body.data.access_token, refreshToken: login.body.data.refresh_token };
}

/** An agent of `user` with the given payload over a valid default. */
export async function envelopeAgent(baseUrl: string, user: EnvelopeUserSession, payload: Record<string, unknown> = {}): Promise<{ id: number }> {
  const created = await request<Envelope<{ id: number }>>('POST', `${baseUrl}/api/v1/agents`, {
    token: user.accessToken,
    body: { name: 'Helper', prompt_template: 'You are a helper.', model_config: { provider: 'openai', model_name: 'gpt-test' }, ...payload },
  });
  if (created.status !== 200) throw new Error(`agent failed: ${created.text}`);
  return created.body.data;
}

/** A conversation of `user` with `agentId`. */
export async function envelopeConversation(baseUrl: string, user: EnvelopeUserSession, agentId: number): Promise<{ id: number }> {
  const created = await request<Envelope<{ id: number }>>('POST', `${baseUrl}/api/v1/conversations`, {
    token: user.accessToken,
    body: { agent_id: agentId, title: 'Chat' },
  });
  if (created.status !== 200) throw new Error(`conversation failed: ${created.text}`);
  return created.body.data;
}
