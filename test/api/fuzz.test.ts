import { request as httpRequest, Agent } from 'node:http';
import { expect } from 'chai';
import fc from 'fast-check';
import { loadReferenceDataIfEmpty } from '../../src/ingest/demo';
import { DEMO_EMAIL, ensureDemoKey } from '../../src/modules/accounts/demoAccount.service';
import { insertSession, newSessionToken, SESSION_TTL_MS } from '../../src/modules/accounts/sessions.repository';
import { contractViolation, ERROR_CODES, operations } from '../support/contract';
import { loadAllFinancials } from '../support/financialFixtures';
import { headRequestsFor, requestsFor, strayRequests, type FuzzRequest } from '../support/fuzzRequests';
import { loadMarket2024, loadSessionFixture } from '../support/marketData';
import { startServer, type TestServer } from '../support/server';
import { digestOfRows, tableNames } from '../support/rowDigest';
import { useTestDb } from '../support/testDb';
import { signUp } from '../support/accounts';

/**
 * Hostile input generated from the contract: every operation of generated/openapi.json, asked with values
 * built from each parameter's schema (valid, at the bounds, invalid, injection strings, odd encodings,
 * 10 kB values, repeated parameters) and bodies (valid, broken, malformed, oversized, wrong content type),
 * plus methods and paths the contract lacks. Fixed seed; FUZZ_RUNS scales the number of cases (default 2,000
 * in all, about 15 s here); FUZZ_SEED replays another sequence.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** Sends a request byte for byte as generated (no URL normalization), with the credential its mode asks for. */
function send(baseUrl: string, req: FuzzRequest, credentials: { key: string; token: string }): Promise<Answer> {
  const headers: Record<string, string> = { ...req.headers };
  let query = req.query;
  // The console-session routes of the contract (BearerAuth); every other path is asked with an API key.
  const session = req.op ? req.op.usesSession : /^\/api\/v1\/(auth|api-keys|billing)(\/|$)/i.test(req.path);
  if (req.auth === 'valid') {
    if (session) headers.Authorization = `Bearer ${credentials.token}`;
    else headers['X-API-KEY'] = credentials.key;
  } else if (req.auth === 'query') {
    query += `${query ? '&' : ''}api_key=${credentials.key}`;
  } else if (req.auth === 'garbage') {
    if (session) headers.Authorization = 'Bearer garbage-token-0123456789';
    else headers['X-API-KEY'] = "ak_garbage' OR 1=1 --";
  }
  // Node's client sends a DELETE body without Content-Length (no chunking by default for DELETE), and the
  // server then reads the body as the next request.
  if (req.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(req.body));
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path + (query ? `?${query}` : ''),
        headers,
        agent,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        // An event stream never ends: its status and headers are the answer.
        if (incoming.headers['content-type']?.startsWith('text/event-stream')) incoming.destroy();
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on(incoming.headers['content-type']?.startsWith('text/event-stream') ? 'close' : 'end', () => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers))
            if (typeof value === 'string') answerHeaders.set(name, value);
          resolve({
            status: incoming.statusCode!,
            headers: answerHeaders,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    outgoing.setTimeout(15_000, () => outgoing.destroy(new Error('no answer within 15 s')));
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

/** What is wrong with an answer, or null: no 5xx, inside the contract, every 4xx in the error envelope. */
function violation(req: FuzzRequest, answer: Answer): string | null {
  if (answer.status >= 500) return `${answer.status}: ${answer.text}`;
  const type = answer.headers.get('content-type') ?? '';
  // A success the operation declares as CSV, NDJSON, Parquet or Arrow rows (format=, Accept), or as an event
  // stream: checked by the formats' and the stream's tests.
  const isRows =
    answer.status === 200 &&
    /^(text\/csv|application\/x-ndjson|text\/event-stream|application\/vnd\.apache\.(parquet|arrow\.stream))(;|$)/.test(
      type,
    ) &&
    req.op?.responses['200']?.content?.[type.split(';')[0]!] !== undefined;
  let body: unknown;
  if (req.method !== 'HEAD' && answer.text !== '' && !isRows) {
    if (!/^application\/json/.test(type)) return `${answer.status} answered with ${type}, not JSON`;
    body = JSON.parse(answer.text);
  }
  if (isRows) return null;
  if (answer.status >= 400 && req.method !== 'HEAD') {
    const error = body as { code?: unknown; message?: unknown; error?: unknown } | undefined;
    if (
      !error ||
      error.code !== answer.status ||
      typeof error.message !== 'string' ||
      !ERROR_CODES.includes(error.error as string)
    ) {
      return `${answer.status} outside the error envelope: ${answer.text.slice(0, 300)}`;
    }
  }
  if (req.op) return contractViolation(req.op, answer.status, answer.headers, body, req.method);
  return answer.status >= 400 ? null : `${req.method} ${req.path} is not in the contract but answered ${answer.status}`;
}

describe('fuzzing from the contract', function () {
  this.timeout(300_000);
  const ops = operations();
  // Declared before the database's own after hook, so it stops what uses the database first.
  after(async () => {
    agent.destroy();
    await server?.close();
  });
  const testDb = useTestDb();
  let server: TestServer;
  const credentials = { key: '', token: '' };
  let accountId = 0;

  before(async () => {
    await loadReferenceDataIfEmpty(testDb.db);
    await loadMarket2024(testDb.db);
    await loadSessionFixture(testDb.db);
    await loadAllFinancials(testDb.db);
    credentials.key = (await ensureDemoKey(testDb.db))!;
    await testDb.db('accounts').where({ email: DEMO_EMAIL }).update({ rate_limit_per_minute: 1_000_000 });
    server = await startServer(testDb.db);
    const user = await signUp(server.baseUrl, 'fuzz');
    credentials.token = user.token;
    accountId = user.userId;
  });

  /** Runs the cases; a logout that succeeded is followed by a fresh session so later cases stay signed in. */
  async function check(requests: fc.Arbitrary<FuzzRequest>, runs: number): Promise<void> {
    await fc.assert(
      fc.asyncProperty(requests, async (req) => {
        const answer = await send(server.baseUrl, req, credentials);
        if (req.op?.operationId === 'logout' && answer.status === 204) {
          credentials.token = newSessionToken();
          await insertSession(testDb.db, accountId, credentials.token, new Date(Date.now() + SESSION_TTL_MS));
        }
        const problem = violation(req, answer);
        if (problem)
          throw new Error(`${req.method} ${req.path}?${req.query.slice(0, 300)} [auth ${req.auth}] → ${problem}`);
      }),
      { seed: SEED, numRuns: runs, endOnFailure: true },
    );
  }

  it('read operations, HEAD and methods or paths the contract lacks: no 5xx, all inside the contract, no row changed', async () => {
    // Left out: what a read legitimately writes, its usage count, its key's last use, the coverage's counts and
    // the days read whole (kept for the next process).
    const tables = await tableNames(testDb.db, ['usage_daily', 'coverage_counts', 'stored_days']);
    const before = await digestOfRows(testDb.db, tables, ['last_used_at']);
    const reads = ops.filter((op) => op.method === 'GET');
    await check(
      fc.oneof(...reads.map(requestsFor), ...reads.slice(0, 4).map(headRequestsFor), strayRequests(ops)),
      Math.round(RUNS * 0.7),
    );
    expect(await digestOfRows(testDb.db, tables, ['last_used_at'])).to.deep.equal(before);
  });

  it('operations with bodies (valid, broken, malformed, oversized, wrong content type): no 5xx, all inside the contract', async () => {
    const writes = ops.filter((op) => op.method !== 'GET');
    await check(fc.oneof(...writes.map(requestsFor)), Math.round(RUNS * 0.3));
  });

  it('regression found by the fuzzer: a non-finite integer (Infinity, 1e400) in the query or the path → 400, not 500', async () => {
    const asked = [
      ['GET', '/api/v1/billing/history?limit=Infinity', 'limit'],
      ['GET', '/api/v1/billing/history?offset=1e400', 'offset'],
      ['PUT', '/api/v1/api-keys/-Infinity', 'keyId'],
    ] as const;
    for (const [method, path, name] of asked) {
      const answer = await send(
        server.baseUrl,
        {
          method,
          path: path.split('?')[0]!,
          query: path.split('?')[1] ?? '',
          headers: { 'Content-Type': 'application/json' },
          body: method === 'PUT' ? '{"name":"x"}' : undefined,
          auth: 'valid',
        },
        credentials,
      );
      expect(JSON.parse(answer.text)).to.deep.equal({
        code: 400,
        message: `${name}: must be a finite integer`,
        error: 'invalid_parameter',
      });
    }
  });
});
