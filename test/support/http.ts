import type { OperationId } from '../../src/http/operations';
import { replyOf, type Reply } from './server';

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
  return replyOf(
    await fetch(baseUrl + path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }),
  );
}
