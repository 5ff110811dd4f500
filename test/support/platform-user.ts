import { randomUUID } from 'node:crypto';
import { request } from './http-client';

export interface PlatformUser {
  id: string;
  email: string;
  token: string;
}

/** Registers a fresh user on the platform contract and logs them in. */
export async function signUp(platformUrl: string, email = `user-${randomUUID()}@example.com`): Promise<PlatformUser> {
  const password = 'correct horse 42';
  const registered = await request<{ id: string }>('POST', `${platformUrl}/api/v1/auth/register`, { body: { email, password } });
  if (registered.status !== 201) throw new Error(`registration failed: ${registered.status} ${registered.text}`);
  const login = await request<{ access_token: string }>('POST', `${platformUrl}/api/v1/auth/login`, { form: { username: email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { id: registered.body.id, email, token: login.body.access_token };
}
