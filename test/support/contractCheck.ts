import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Response } from 'express';
import { contractViolation, operations, type Operation } from './contract';

const byOperationId = new Map<string, Operation>(operations().map((op) => [op.operationId, op]));
const violations: string[] = [];

type Chunk = string | Uint8Array | ((error?: Error | null) => void) | undefined;
const bytesOf = (chunk: Chunk, encoding: unknown): Buffer | null =>
  typeof chunk === 'string'
    ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
    : chunk instanceof Uint8Array
      ? Buffer.from(chunk)
      : null;

/** The JSON bytes a contract operation answered, checked against its contract once the response has gone (HEAD has none). */
function check(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  if (req.method === 'HEAD') return;
  const operationId = (res as Response).locals?.operation?.operationId;
  const op = operationId === undefined ? undefined : byOperationId.get(operationId);
  if (op === undefined || !String(res.getHeader('content-type') ?? '').startsWith('application/json')) return;
  const headers = new Headers(
    Object.entries(res.getHeaders()).map(([name, value]): [string, string] => [name, String(value)]),
  );
  const parsed = body.length === 0 ? undefined : JSON.parse(body.toString());
  const violation = contractViolation(op, res.statusCode, headers, parsed, req.method);
  if (violation !== null) violations.push(`${req.method} ${req.url}: ${violation}`);
}

/**
 * The app as the test servers run it: every JSON answer of a contract operation, as the bytes that went to the
 * socket, is checked against the contract (the production byte path; the validator's response check sees only
 * what passes through `res.json`). A violation fails the test that caused it (`assertAnswersInContract`).
 */
export function contractChecked(app: RequestListener): RequestListener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    const { write, end } = res;
    res.write = function (this: ServerResponse, chunk: Chunk, ...rest: unknown[]) {
      const bytes = bytesOf(chunk, rest[0]);
      if (bytes) chunks.push(bytes);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, chunk?: Chunk, ...rest: unknown[]) {
      const bytes = bytesOf(chunk, rest[0]);
      if (bytes) chunks.push(bytes);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];
    res.once('finish', () => check(req, res, Buffer.concat(chunks)));
    app(req, res);
  };
}

/** Throws the contract violations answered since the last call (a root afterEach hook). */
export function assertAnswersInContract(): void {
  const found = violations.splice(0);
  if (found.length > 0) throw new Error(`answers outside the contract:\n${found.join('\n')}`);
}
