import { expect } from 'chai';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { connect } from '../../src/db/connection';
import { toSqlDateTime } from '../../src/domain/time/dates';
import { ensureDemoKey } from '../../src/modules/accounts/demoAccount.service';
import { insertKey } from '../../src/modules/accounts/apiKeys.repository';
import { ALL_SCOPES, newApiKey } from '../../src/domain/access/keyMaterial';
import { useOwnFixture } from '../support/fixture';
import { replyOf, startServer } from '../support/server';
import { createTestDb } from '../support/testDb';
import type { Knex } from 'knex';

/** Serves an app on its own database handle, logging into a string. */
async function serveWith(db: Knex) {
  let logged = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      logged += chunk;
      done();
    },
  });
  const server = await startServer(db, { logger: pino({ level: 'info' }, sink) });
  return { ...server, logs: () => logged };
}

async function getJson(url: string, headers: Record<string, string> = {}) {
  return replyOf(await fetch(url, { headers }));
}

describe('middleware chain', () => {
  // A store of its own: keys are inserted and more servers started on it.
  const api = useOwnFixture();

  describe('API key', () => {
    const unauthorized = { code: 401, message: 'Unauthorized: Invalid API key', error: 'invalid_key' };

    it('is accepted in the X-API-KEY header', async () => {
      expect((await api.get('/v1/stock/basic-info?symbol=600519')).status).to.equal(200);
    });
    it('is accepted in the api_key query parameter', async () => {
      const { status } = await getJson(`${api.baseUrl}/v1/stock/basic-info?symbol=600519&api_key=${api.key}`);
      expect(status).to.equal(200);
    });
    it('missing → 401 invalid_key', async () => {
      const { status, body } = await getJson(`${api.baseUrl}/v1/stock/basic-info?symbol=600519`);
      expect(status).to.equal(401);
      expect(body).to.deep.equal(unauthorized);
    });
    it('unknown → 401 invalid_key, in either place', async () => {
      const wrong = newApiKey();
      expect(
        (await getJson(`${api.baseUrl}/v1/stock/basic-info?symbol=600519`, { 'X-API-KEY': wrong })).body,
      ).to.deep.equal(unauthorized);
      expect((await getJson(`${api.baseUrl}/v1/stock/basic-info?symbol=600519&api_key=${wrong}`)).body).to.deep.equal(
        unauthorized,
      );
    });
    it('in the wrong header (Authorization) → 401', async () => {
      const { status } = await getJson(`${api.baseUrl}/v1/stock/basic-info?symbol=600519`, {
        Authorization: `Bearer ${api.key}`,
      });
      expect(status).to.equal(401);
    });
    it('expired → 401 invalid_key', async () => {
      const key = newApiKey();
      const [account] = await api.db('accounts').select('id');
      await insertKey(api.db, {
        accountId: account.id,
        name: 'expired',
        key,
        scopes: ALL_SCOPES,
        expiresAt: toSqlDateTime(new Date(Date.now() - 1000)),
      });
      const { status, body } = await getJson(`${api.baseUrl}/v1/stock/basic-info?symbol=600519`, { 'X-API-KEY': key });
      expect(status).to.equal(401);
      expect(body).to.deep.equal(unauthorized);
    });
    it('not yet expired → accepted', async () => {
      const key = newApiKey();
      const [account] = await api.db('accounts').select('id');
      await insertKey(api.db, {
        accountId: account.id,
        name: 'fresh',
        key,
        scopes: ALL_SCOPES,
        expiresAt: toSqlDateTime(new Date(Date.now() + 3600_000)),
      });
      expect((await getJson(`${api.baseUrl}/v1/stock/basic-info?symbol=600519`, { 'X-API-KEY': key })).status).to.equal(
        200,
      );
    });
    it('the stored key is only a hash', async () => {
      const rows = await api.db('api_keys').select('*');
      for (const row of rows) {
        expect(JSON.stringify(row)).not.to.contain(api.key);
        expect(row.key_hash).to.match(/^[0-9a-f]{64}$/);
      }
    });
  });

  describe('request id, headers and envelope', () => {
    it('echoes a sane X-Request-Id and generates one otherwise', async () => {
      const echoed = await api.get('/v1/stock/basic-info?symbol=600519', { headers: { 'X-Request-Id': 'abc-123' } });
      expect(echoed.headers.get('x-request-id')).to.equal('abc-123');
      const generated = await api.get('/v1/stock/basic-info?symbol=600519', {
        headers: { 'X-Request-Id': 'bad id\twith spaces' },
      });
      expect(generated.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    });
    it('sends helmet headers and no X-Powered-By', async () => {
      const { headers } = await api.get('/v1/stock/basic-info?symbol=600519');
      expect(headers.get('x-powered-by')).to.equal(null);
      expect(headers.get('x-content-type-options')).to.equal('nosniff');
      expect(headers.get('content-security-policy')).to.be.a('string');
    });
    it('unknown route → 404 not_found in the envelope', async () => {
      for (const path of ['/nope', '/v1/stock/nope', '/api/v1/nope']) {
        const { status, body } = await api.get(path);
        expect(status, path).to.equal(404);
        expect(body, path).to.deep.equal({ code: 404, message: 'Not found', error: 'not_found' });
      }
    });
    it('known route, wrong method → 405 method_not_allowed', async () => {
      const response = await fetch(`${api.baseUrl}/v1/stock/basic-info?symbol=600519`, {
        method: 'DELETE',
        headers: { 'X-API-KEY': api.key },
      });
      expect(response.status).to.equal(405);
      expect(await response.json()).to.deep.equal({
        code: 405,
        message: 'Method not allowed',
        error: 'method_not_allowed',
      });
    });
    it('a body over the limit → 413 payload_too_large', async () => {
      const response = await fetch(`${api.baseUrl}/v1/stock/basic-info`, {
        method: 'POST',
        headers: { 'X-API-KEY': api.key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ x: 'y'.repeat(40_000) }),
      });
      expect(response.status).to.equal(413);
      expect((await response.json()).error).to.equal('payload_too_large');
    });
    it('malformed JSON body → 400 in the envelope', async () => {
      const response = await fetch(`${api.baseUrl}/v1/stock/basic-info`, {
        method: 'POST',
        headers: { 'X-API-KEY': api.key, 'Content-Type': 'application/json' },
        body: '{"x":',
      });
      expect(response.status).to.equal(400);
      expect(await response.json()).to.deep.equal({
        code: 400,
        message: 'Malformed JSON body',
        error: 'invalid_parameter',
      });
    });
    it('GET /healthz answers without a key', async () => {
      const response = await fetch(`${api.baseUrl}/healthz`);
      expect(response.status).to.equal(200);
      expect(await response.json()).to.deep.equal({ status: 'ok' });
    });
    it('GET /openapi.json serves the contract', async () => {
      const response = await fetch(`${api.baseUrl}/openapi.json`);
      const contract = await response.json();
      expect(contract.openapi).to.equal('3.1.0');
      expect(contract.paths).to.have.property('/v1/stock/basic-info');
    });
  });

  describe('failures', () => {
    it('a database error → 500 internal_error without details, and is logged', async () => {
      const broken = await createTestDb();
      const key = (await ensureDemoKey(broken.db))!;
      await broken.db.schema.dropTable('daily_basic');
      const server = await serveWith(broken.db);
      try {
        const { status, body } = await getJson(`${server.baseUrl}/v1/stock/basic-info?symbol=600519`, {
          'X-API-KEY': key,
        });
        expect(status).to.equal(500);
        expect(body).to.deep.equal({ code: 500, message: 'Internal server error', error: 'internal_error' });
        expect(server.logs()).to.contain('daily_basic');
      } finally {
        await server.close();
        await broken.drop();
      }
    });

    it('a database that is down → 503 service_unavailable, and the server keeps serving', async () => {
      const down = connect('mysql://root@127.0.0.1:1/nothing');
      const server = await serveWith(down);
      try {
        const first = await getJson(`${server.baseUrl}/v1/stock/basic-info?symbol=600519`, {
          'X-API-KEY': newApiKey(),
        });
        expect(first.status).to.equal(503);
        expect(first.body).to.deep.equal({
          code: 503,
          message: 'Service unavailable, retry later',
          error: 'service_unavailable',
        });
        expect(first.headers.get('retry-after')).to.equal('5');
        expect((await fetch(`${server.baseUrl}/healthz`)).status).to.equal(200);
      } finally {
        await server.close();
        await down.destroy();
      }
    });

    it('a destroyed connection pool → 503', async () => {
      const gone = await createTestDb();
      const key = (await ensureDemoKey(gone.db))!;
      await gone.db.destroy();
      const server = await serveWith(gone.db);
      try {
        const { status, body } = await getJson(`${server.baseUrl}/v1/stock/basic-info?symbol=600519`, {
          'X-API-KEY': key,
        });
        expect(status).to.equal(503);
        expect(body.error).to.equal('service_unavailable');
      } finally {
        await server.close();
        await gone.drop();
      }
    });

    it('logs one JSON line per request with its id, never the key', async () => {
      const server = await serveWith(api.db);
      try {
        await getJson(`${server.baseUrl}/v1/stock/basic-info?symbol=600519`, {
          'X-API-KEY': api.key,
          'X-Request-Id': 'log-test-1',
        });
        await getJson(`${server.baseUrl}/v1/stock/basic-info?symbol=600519&api_key=${api.key}`);
        const lines = server
          .logs()
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line));
        expect(lines.some((line) => line.req?.id === 'log-test-1' && line.res?.statusCode === 200)).to.equal(true);
        expect(server.logs()).not.to.contain(api.key);
        expect(server.logs()).to.contain('api_key=[redacted]');
      } finally {
        await server.close();
      }
    });

    it('logs an MCP tool call, asked of the app in process, as a completed request of its operation', async () => {
      const server = await serveWith(api.db);
      try {
        const call = {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'get_basic_info', arguments: { symbol: '600519' } },
        };
        const response = await fetch(`${server.baseUrl}/mcp`, {
          method: 'POST',
          headers: {
            'X-API-KEY': api.key,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify(call),
        });
        expect(response.status).to.equal(200);
        expect(((await response.json()) as { result: { isError?: boolean } }).result.isError).to.equal(undefined);
        const lines = server
          .logs()
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line));
        const toolCall = lines.filter((line) => line.req?.url === '/v1/stock/basic-info?symbol=600519');
        expect(toolCall.map((line) => [line.msg, line.res.statusCode, line.level])).to.deep.equal([
          ['request completed', 200, 30],
        ]);
        expect(toolCall[0].responseTime).to.be.a('number');
      } finally {
        await server.close();
      }
    });
  });
});
