import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { call } from '../support/http';
import { createKey, PASSWORD, signUp, uniqueEmail, type SignedUp } from '../support/accounts';
import { contract, contractViolation, operations, resolve, type Operation, type Schema } from '../support/contract';
import { useDemoServer } from '../support/demoServer';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** The example of a parameter or schema the contract gives (the contract score requires one everywhere). */
const exampleOf = (node: { example?: unknown; schema?: Schema }) => node.example ?? node.schema?.example;

/** A body for an operation: the contract's example, else the examples of its required properties (or of all, when none is required). */
function exampleBody(op: Operation): Record<string, unknown> | undefined {
  if (!op.body) return undefined;
  const raw = contract.paths[op.path][op.method.toLowerCase()].requestBody;
  const media = resolve<any>(raw).content['application/json'];
  const schema = resolve<Schema>(op.body);
  if (media.example ?? schema.example) return (media.example ?? schema.example) as Record<string, unknown>;
  const names = schema.required?.length ? schema.required : Object.keys(schema.properties ?? {});
  return Object.fromEntries(
    names
      .map((name) => [name, resolve(schema.properties![name]!).example])
      .filter(([, example]) => example !== undefined),
  );
}

/**
 * Contract tests from outside the server, on the demo store as `make run` serves it: the Arazzo journeys of
 * test/workflows run by `redocly respect` (each response checked against the contract by Respect too), and
 * every operation of the contract asked once with its examples, which its own route must answer.
 */
describe('e2e: the contract from outside — Arazzo journeys and a route for every operation', function () {
  this.timeout(180_000); // the whole demo store is loaded first
  const demo = useDemoServer();

  it('the journeys pass: register → login → plan → key → search → basic-info → daily → income; a deleted key → 401; the stock list page by page', async () => {
    const inputs = {
      email: uniqueEmail('journey'),
      revokedEmail: uniqueEmail('revoked'),
      password: PASSWORD,
      apiKey: demo.key,
    };
    const args = ['respect', 'test/workflows/journeys.arazzo.yaml', '--server', `api=${demo.server.baseUrl}`];
    for (const [name, value] of Object.entries(inputs)) args.push('--input', `${name}=${value}`);
    const outcome = await run(`${ROOT}node_modules/.bin/redocly`, args, {
      cwd: ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }).then(
      ({ stdout }) => ({ failed: false, output: stdout }),
      (err: { stdout?: string; stderr?: string }) => ({
        failed: true,
        output: `${err.stdout ?? ''}${err.stderr ?? ''}`,
      }),
    );
    expect(outcome.failed, outcome.output).to.equal(false);
    expect(outcome.output).to.match(/Workflows: 3 passed, 3 total/);
  });

  it('every operation of the contract is answered by its own route (not the unknown-route 404 or a 405), inside the contract', async () => {
    const user: SignedUp = await signUp(demo.server.baseUrl, 'routes');
    const { id: keyId } = await createKey(demo.server.baseUrl, user.token);
    // Deleting the key and then signing out end what the others need: they go last, in that order.
    const rank = (op: Operation) => ['deleteApiKey', 'logout'].indexOf(op.operationId);
    const ops = operations().sort((a, b) => rank(a) - rank(b));
    const problems: string[] = [];
    for (const op of ops) {
      let path = op.path;
      const query = new URLSearchParams();
      for (const parameter of op.parameters) {
        if (parameter.in === 'path')
          path = path.replace(`{${parameter.name}}`, String(parameter.name === 'keyId' ? keyId : exampleOf(parameter)));
        else if (parameter.in === 'query' && parameter.required)
          query.set(parameter.name, String(exampleOf(parameter)));
      }
      let body = exampleBody(op);
      if (op.operationId === 'register') body = { ...body, email: uniqueEmail('example') };
      if (op.operationId === 'login') body = { email: user.email, password: PASSWORD };
      const credential = op.usesSession ? { token: user.token } : op.usesApiKey ? { key: demo.key } : {};
      const url = `${path}${query.size ? `?${query}` : ''}`;
      if (op.responses['200']?.content?.['text/event-stream']) {
        // An event stream never ends: its status and media type are the answer.
        const stream = await fetch(demo.server.baseUrl + url, { headers: { 'X-API-KEY': demo.key } });
        if (stream.status !== 200 || !stream.headers.get('content-type')?.startsWith('text/event-stream'))
          problems.push(`${op.method} ${url} → ${stream.status}`);
        await stream.body?.cancel();
        continue;
      }
      const bytes = Object.keys(op.responses['200']?.content ?? {}).find((type) => type !== 'application/json');
      if (op.method === 'GET' && bytes !== undefined && !op.responses['200']?.content?.['application/json']) {
        // A file: its status and media type are the answer.
        const file = await fetch(demo.server.baseUrl + url, { headers: { 'X-API-KEY': demo.key } });
        if (file.status !== 200 || file.headers.get('content-type') !== bytes)
          problems.push(`${op.method} ${url} → ${file.status} ${file.headers.get('content-type')}`);
        await file.arrayBuffer();
        continue;
      }
      const answer = await call(demo.server.baseUrl, op.method, url, { ...credential, body });
      const unrouted = answer.status === 405 || (answer.status === 404 && answer.body?.message === 'Not found');
      const outside = contractViolation(op, answer.status, answer.headers, answer.body);
      // An error only a handler raises proves the route too: `no_data` (the demo store has no index weights, say),
      // `missing_parameter` when only the handler knows which of its optional parameters one must give (datasets:
      // symbol or date; the validator's own missing_parameter cannot arise, every required one is sent).
      const answered = answer.status < 400 || ['no_data', 'missing_parameter'].includes(answer.body?.error);
      if (unrouted || outside || !answered)
        problems.push(
          `${op.method} ${url} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}${outside ? ` (${outside})` : ''}`,
        );
    }
    expect(problems).to.deep.equal([]);
  });
});
