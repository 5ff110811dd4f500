import { randomUUID } from 'node:crypto';
import { request } from './http-client';

/** The password `signUp` registers with; also a valid ADMIN_INITIAL_PASSWORD. */
export const TEST_PASSWORD = 'correct horse 42';

export interface PlatformUser {
  id: string;
  email: string;
  token: string;
}

/** Registers a fresh user on the platform contract and logs them in. */
export async function signUp(platformUrl: string, email = `user-${randomUUID()}@example.com`): Promise<PlatformUser> {
  const registered = await request<{ id: string }>('POST', `${platformUrl}/api/v1/auth/register`, { body: { email, password: TEST_PASSWORD } });
  if (registered.status !== 201) throw new Error(`registration failed: ${registered.status} ${registered.text}`);
  return logIn(platformUrl, email);
}

/** Logs an existing account in, such as an administrator the server created at start from ADMIN_EMAILS. */
export async function logIn(platformUrl: string, email: string, password = TEST_PASSWORD): Promise<PlatformUser> {
  const login = await request<{ access_token: string }>('POST', `${platformUrl}/api/v1/auth/login`, { form: { username: email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  const me = await request<{ id: string }>('GET', `${platformUrl}/api/v1/auth/me`, { token: login.body.access_token });
  return { id: me.body.id, email, token: login.body.access_token };
}
