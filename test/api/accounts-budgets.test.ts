import { expect } from 'chai';
import { MAX_KEYS_PER_ACCOUNT } from '../../src/modules/accounts/apiKeys.service';
import { MAX_SESSIONS_PER_ACCOUNT } from '../../src/modules/accounts/sessions.repository';
import { useOwnFixture } from '../support/fixture';
import type { TestServer } from '../support/server';
import { call } from '../support/http';
import { createKey, PASSWORD, signUp } from '../support/accounts';
import { startServer } from '../support/server';

const budgetHeaders = (reply: { headers: Headers }) =>
  ['x-rate-limit-limit', 'x-rate-limit-remaining'].map((name) => reply.headers.get(name));

describe('accounts: a budget on every route, caps on keys and sessions', function () {
  this.timeout(60_000);
  // A store of its own: another server with small budgets on it writes sessions and accounts.
  const api = useOwnFixture();
  let server: TestServer;
  before(async () => {
    server = await startServer(api.db, { budgets: { consolePerAccount: 3, openPerAddress: 4, refusedPerAddress: 2 } });
  });
  after(() => server?.close());

  it("console-session routes count against the account's console budget: headers on each answer, 429 past it", async () => {
    const user = await signUp(server.baseUrl); // register + login: 2 of the address's 4
    const replies = [];
    for (let i = 0; i < 4; i += 1)
      replies.push(await call(server.baseUrl, 'GET', '/api/v1/auth/me', { token: user.token }));
    expect(replies.map((reply) => [reply.status, ...budgetHeaders(reply)])).to.deep.equal([
      [200, '3', '2'],
      [200, '3', '1'],
      [200, '3', '0'],
      [429, '3', '0'],
    ]);
    expect(replies[3]!.body).to.deep.equal({
      code: 429,
      message: 'Rate limit exceeded: 3 requests per minute',
      error: 'rate_limit_exceeded',
    });
    expect(Number(replies[3]!.headers.get('retry-after'))).to.be.within(1, 60);
  });

  it('registration and sign-in count against the address: the 5th of the minute is 429', async () => {
    const fresh = await startServer(api.db, {
      budgets: { consolePerAccount: 3, openPerAddress: 4, refusedPerAddress: 2 },
    });
    try {
      const body = { email: 'nobody@example.com', password: 'wrong password here' };
      const statuses = [];
      for (let i = 0; i < 5; i += 1) {
        const reply = await call(fresh.baseUrl, 'POST', '/api/v1/auth/login', { body });
        statuses.push([reply.status, ...budgetHeaders(reply)]);
      }
      expect(statuses).to.deep.equal([
        [401, '4', '3'],
        [401, '4', '2'],
        [401, '4', '1'],
        [401, '4', '0'],
        [429, '4', '0'],
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('a refused API key or session counts against the address: 401 with the budget headers, then 429', async () => {
    const replies = [
      await call(server.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', { key: 'ak_not_a_key_at_all_0000' }),
      await call(server.baseUrl, 'GET', '/api/v1/auth/me', { token: 'st_not_a_session_token' }),
      await call(server.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', { key: 'ak_not_a_key_at_all_0001' }),
    ];
    expect(replies.map((reply) => [reply.status, reply.body.error, ...budgetHeaders(reply)])).to.deep.equal([
      [401, 'invalid_key', '2', '1'],
      [401, 'invalid_token', '2', '0'],
      [429, 'rate_limit_exceeded', '2', '0'],
    ]);
  });

  it('behind a proxy (TRUST_PROXY), the address budgets count the forwarded client, not the proxy', async () => {
    const proxied = await startServer(api.db, {
      budgets: { consolePerAccount: 3, openPerAddress: 4, refusedPerAddress: 2 },
      trustProxy: 1,
    });
    try {
      const refused = async (client: string) => {
        const reply = await call(proxied.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', {
          key: 'ak_not_a_key_at_all_0000',
          headers: { 'X-Forwarded-For': client },
        });
        return [client, reply.status, ...budgetHeaders(reply)];
      };
      expect([
        await refused('10.0.0.1'),
        await refused('10.0.0.1'),
        await refused('10.0.0.2'),
        await refused('10.0.0.1'),
      ]).to.deep.equal([
        ['10.0.0.1', 401, '2', '1'],
        ['10.0.0.1', 401, '2', '0'],
        ['10.0.0.2', 401, '2', '1'],
        ['10.0.0.1', 429, '2', '0'],
      ]);
    } finally {
      await proxied.close();
    }
  });

  it(`an account holds at most ${MAX_KEYS_PER_ACCOUNT} API keys: one more is 409 key_limit_reached, and deleting one makes room`, async () => {
    const user = await signUp(api.baseUrl);
    const keys = [];
    for (let i = 0; i < MAX_KEYS_PER_ACCOUNT; i += 1)
      keys.push(await createKey(api.baseUrl, user.token, { name: `key ${i}` }));
    const over = await call(api.baseUrl, 'POST', '/api/v1/api-keys', {
      token: user.token,
      body: { name: 'one too many' },
    });
    expect([over.status, over.body]).to.deep.equal([
      409,
      {
        code: 409,
        message: `The account holds ${MAX_KEYS_PER_ACCOUNT} API keys, the most it may; delete one first`,
        error: 'key_limit_reached',
      },
    ]);
    expect(
      (await call(api.baseUrl, 'DELETE', `/api/v1/api-keys/${keys[0]!.id}`, { token: user.token })).status,
    ).to.equal(204);
    expect(
      (await call(api.baseUrl, 'POST', '/api/v1/api-keys', { token: user.token, body: { name: 'room again' } })).status,
    ).to.equal(201);
  });

  it(`an account keeps at most ${MAX_SESSIONS_PER_ACCOUNT} sessions: the next sign-in ends the oldest`, async () => {
    const user = await signUp(api.baseUrl); // its first session
    const tokens = [user.token];
    for (let i = 1; i <= MAX_SESSIONS_PER_ACCOUNT; i += 1) {
      const login = await call<'login'>(api.baseUrl, 'POST', '/api/v1/auth/login', {
        body: { email: user.email, password: PASSWORD },
      });
      tokens.push(login.body.data.token);
    }
    const me = async (token: string) => (await call(api.baseUrl, 'GET', '/api/v1/auth/me', { token })).status;
    expect([await me(tokens[0]!), await me(tokens[1]!), await me(tokens.at(-1)!)]).to.deep.equal([401, 200, 200]);
    expect(await api.db('sessions').where({ account_id: user.userId }).count({ n: '*' }).first()).to.deep.include({
      n: MAX_SESSIONS_PER_ACCOUNT,
    });
  });
});
