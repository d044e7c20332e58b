import { randomBytes } from 'node:crypto';
import { call } from './http';

export const uniqueEmail = (tag = 'user') => `${tag}-${randomBytes(6).toString('hex')}@example.com`;
export const PASSWORD = 'correct horse battery';

export interface SignedUp {
  email: string;
  token: string;
  userId: number;
}

/** Registers a fresh account and signs it in. */
export async function signUp(baseUrl: string, tag?: string): Promise<SignedUp> {
  const email = uniqueEmail(tag);
  const registered = await call<'register'>(baseUrl, 'POST', '/api/v1/auth/register', {
    body: { email, password: PASSWORD },
  });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const login = await call<'login'>(baseUrl, 'POST', '/api/v1/auth/login', { body: { email, password: PASSWORD } });
  return { email, token: login.body.data.token, userId: registered.body.data.id };
}

/** Creates an API key for a signed-in account; returns its id and full value. */
export async function createKey(baseUrl: string, token: string, body: Record<string, unknown> = { name: 'test' }) {
  const created = await call<'createApiKey'>(baseUrl, 'POST', '/api/v1/api-keys', { token, body });
  if (created.status !== 201) throw new Error(`create key failed: ${JSON.stringify(created.body)}`);
  return { id: created.body.data.id, key: created.body.data.key };
}
