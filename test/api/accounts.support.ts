import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../src/app';
import type { OperationId } from '../../src/http/operations';
import { replyOf, startServer, type Reply, type TestServer } from '../support/server';

export interface CallOptions {
  token?: string;
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One HTTP call with a session token (`token`) or an API key (`key`); the JSON body parsed, typed by `Op` when named. */
export async function call<Op extends OperationId | undefined = undefined>(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply<Op>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.key) headers['X-API-KEY'] = options.key;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return replyOf(await fetch(baseUrl + path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }));
}

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
  const registered = await call<'register'>(baseUrl, 'POST', '/api/v1/auth/register', { body: { email, password: PASSWORD } });
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

/** An app of its own on a random port (e.g. a second instance), with extra dependencies. */
export function serveApp(deps: Partial<AppDeps> & { db: AppDeps['db'] }): Promise<TestServer> {
  return startServer(deps.db, deps);
}
