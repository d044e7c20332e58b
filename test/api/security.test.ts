import { expect } from 'chai';
import { toSqlDateTime } from '../../src/domain/time/dates';
import { hashKey } from '../../src/domain/access/keyMaterial';
import { useOwnFixture } from '../support/fixture';
import { call } from '../support/http';
import { createKey, PASSWORD, signUp, uniqueEmail, type SignedUp } from '../support/accounts';
import { startServer } from '../support/server';

const DATA = '/v1/stock/basic-info?symbol=600519';

/** Every account and billing operation of the contract, with a valid body where one is needed. */
const ACCOUNT_OPERATIONS: Array<[string, string, unknown?]> = [
  ['GET', '/api/v1/auth/me'],
  ['POST', '/api/v1/auth/logout'],
  ['GET', '/api/v1/api-keys'],
  ['POST', '/api/v1/api-keys', { name: 'x' }],
  ['PUT', '/api/v1/api-keys/1', { name: 'x' }],
  ['DELETE', '/api/v1/api-keys/1'],
  ['GET', '/api/v1/billing/plans'],
  ['GET', '/api/v1/billing/subscription'],
  ['POST', '/api/v1/billing/subscription', { plan: 'professional' }],
  ['GET', '/api/v1/billing/history'],
  ['GET', '/api/v1/billing/usage'],
];

describe('security (OWASP API Security Top 10, 2023)', function () {
  this.timeout(60_000); // many sequential requests; a loaded CI machine must not turn slowness into failure
  // A store of its own: sessions are expired in it.
  const api = useOwnFixture();
  let alice: SignedUp;
  let bob: SignedUp;
  before(async () => {
    alice = await signUp(api.baseUrl, 'alice');
    bob = await signUp(api.baseUrl, 'bob');
  });

  describe('API1 broken object-level authorization', () => {
    it('another account’s key id → 404 on PUT and DELETE, and the key is untouched', async () => {
      const { id, key } = await createKey(api.baseUrl, alice.token, { name: 'alice key' });
      const put = await call(api.baseUrl, 'PUT', `/api/v1/api-keys/${id}`, {
        token: bob.token,
        body: { name: 'stolen' },
      });
      const del = await call(api.baseUrl, 'DELETE', `/api/v1/api-keys/${id}`, { token: bob.token });
      expect([put.status, del.status]).to.deep.equal([404, 404]);
      expect(put.body).to.deep.equal({ code: 404, message: 'API key not found', error: 'not_found' });
      expect((await api.db('api_keys').where({ id }).first('name')).name).to.equal('alice key');
      expect((await call(api.baseUrl, 'GET', DATA, { key })).status).to.equal(200);
    });
    it('another account’s keys are not listed, and its usage is neither shown nor filterable', async () => {
      const { id, key } = await createKey(api.baseUrl, alice.token, { name: 'alice usage' });
      await call(api.baseUrl, 'GET', DATA, { key });
      const list = await call(api.baseUrl, 'GET', '/api/v1/api-keys', { token: bob.token });
      expect(list.body.data.map((k: any) => k.id)).not.to.include(id);
      const usage = await call(api.baseUrl, 'GET', '/api/v1/billing/usage', { token: bob.token });
      expect(usage.body.data.by_key.map((k: any) => k.key_id)).not.to.include(id);
      const filtered = await call(api.baseUrl, 'GET', `/api/v1/billing/usage?key_id=${id}`, { token: bob.token });
      expect(filtered.status).to.equal(404);
    });
  });

  describe('API2 broken authentication', () => {
    it('an expired session → 401 invalid_token', async () => {
      const user = await signUp(api.baseUrl);
      await api
        .db('sessions')
        .where({ token_hash: hashKey(user.token) })
        .update({ expires_at: toSqlDateTime(new Date(Date.now() - 1000)) });
      const { status, body } = await call(api.baseUrl, 'GET', '/api/v1/auth/me', { token: user.token });
      expect(status).to.equal(401);
      expect(body.error).to.equal('invalid_token');
    });
    it('a deleted key → 401 invalid_key at once', async () => {
      const { id, key } = await createKey(api.baseUrl, alice.token);
      await call(api.baseUrl, 'GET', DATA, { key });
      await call(api.baseUrl, 'DELETE', `/api/v1/api-keys/${id}`, { token: alice.token });
      expect((await call(api.baseUrl, 'GET', DATA, { key })).body.error).to.equal('invalid_key');
    });
    it('credentials in the wrong place are refused', async () => {
      const { key } = await createKey(api.baseUrl, alice.token);
      expect((await call(api.baseUrl, 'GET', DATA, { headers: { Authorization: `Bearer ${key}` } })).status).to.equal(
        401,
      );
      expect((await call(api.baseUrl, 'GET', DATA, { key: alice.token })).status).to.equal(401);
      expect(
        (await call(api.baseUrl, 'GET', '/api/v1/auth/me', { headers: { Authorization: `Bearer ${key}` } })).status,
      ).to.equal(401);
      expect((await call(api.baseUrl, 'GET', `/api/v1/auth/me?api_key=${key}`)).status).to.equal(401);
    });
    it('sign-in is throttled per email: the 11th attempt → 429, even with the right password', async () => {
      const user = await signUp(api.baseUrl);
      for (let i = 0; i < 10; i += 1) {
        expect(
          (
            await call(api.baseUrl, 'POST', '/api/v1/auth/login', {
              body: { email: user.email, password: 'wrong password' },
            })
          ).status,
        ).to.equal(401);
      }
      const blocked = await call(api.baseUrl, 'POST', '/api/v1/auth/login', {
        body: { email: user.email, password: PASSWORD },
      });
      expect(blocked.status).to.equal(429);
      expect(blocked.body.error).to.equal('rate_limit_exceeded');
      expect(Number(blocked.headers.get('retry-after'))).to.be.greaterThan(0);
    });
    it('sign-in is throttled per client address across emails', async () => {
      const server = await startServer(api.db, {
        loginLimits: { perEmail: 10, perIp: 3, windowSeconds: 60, registrationsPerIp: 10 },
      });
      try {
        const statuses = [];
        for (let i = 0; i < 4; i += 1) {
          statuses.push(
            (
              await call(server.baseUrl, 'POST', '/api/v1/auth/login', {
                body: { email: uniqueEmail(), password: PASSWORD },
              })
            ).status,
          );
        }
        expect(statuses).to.deep.equal([401, 401, 401, 429]);
      } finally {
        await server.close();
      }
    });
  });

  describe('API3 broken object-property-level authorization', () => {
    it('no response carries a hash, a password or a token other than the one issued', async () => {
      const user = await signUp(api.baseUrl);
      const { key } = await createKey(api.baseUrl, user.token);
      await call(api.baseUrl, 'GET', DATA, { key });
      const secrets = await api.db('api_keys').select('key_hash');
      const account = await api.db('accounts').where({ id: user.userId }).first('password_hash');
      const sessions = await api.db('sessions').where({ account_id: user.userId }).select('token_hash');
      const forbidden = [
        account.password_hash,
        ...secrets.map((s) => s.key_hash),
        ...sessions.map((s) => s.token_hash),
        PASSWORD,
        key,
        user.token,
      ];
      for (const [method, path, body] of ACCOUNT_OPERATIONS.filter(([method]) => method === 'GET')) {
        const reply = JSON.stringify((await call(api.baseUrl, method, path, { token: user.token, body })).body);
        for (const secret of forbidden) expect(reply, path).not.to.contain(secret);
        expect(reply, path).not.to.match(/hash|password/i);
      }
    });
    it('mass assignment: register cannot choose plan or rate limit', async () => {
      const email = uniqueEmail();
      for (const extra of [{ plan: 'enterprise' }, { plan_id: 'enterprise' }, { rate_limit_per_minute: 100000 }]) {
        const { status } = await call(api.baseUrl, 'POST', '/api/v1/auth/register', {
          body: { email, password: PASSWORD, ...extra },
        });
        expect(status).to.equal(400);
      }
      expect(await api.db('accounts').where({ email }).first()).to.equal(undefined);
    });
    it('mass assignment: a key update cannot move the key or change its hash or prefix', async () => {
      const { id, key } = await createKey(api.baseUrl, alice.token);
      for (const extra of [
        { account_id: bob.userId },
        { key_hash: hashKey('x') },
        { prefix: 'ak_fake' },
        { rate_limit_per_minute: 1 },
      ]) {
        const { status } = await call(api.baseUrl, 'PUT', `/api/v1/api-keys/${id}`, {
          token: alice.token,
          body: { name: 'x', ...extra },
        });
        expect(status).to.equal(400);
      }
      expect((await api.db('api_keys').where({ id }).first('account_id')).account_id).to.equal(alice.userId);
      expect((await call(api.baseUrl, 'GET', DATA, { key })).status).to.equal(200);
    });
  });

  describe('API4 unrestricted resource consumption', () => {
    it('the rate limit answers 429 (see accounts: rate limits); the login body is bounded', async () => {
      const long = await call(api.baseUrl, 'POST', '/api/v1/auth/login', {
        body: { email: uniqueEmail(), password: 'x'.repeat(201) },
      });
      expect(long.status).to.equal(400);
      const huge = await call(api.baseUrl, 'POST', '/api/v1/auth/register', {
        body: { email: uniqueEmail(), password: 'x'.repeat(40_000) },
      });
      expect(huge.status).to.equal(413);
      expect(huge.body.error).to.equal('payload_too_large');
    });
  });

  describe('API4 unrestricted resource consumption: registrations', () => {
    it('registrations are throttled per client address', async () => {
      const server = await startServer(api.db, {
        loginLimits: { perEmail: 10, perIp: 10, windowSeconds: 60, registrationsPerIp: 2 },
      });
      try {
        const statuses = [];
        for (let i = 0; i < 3; i += 1) {
          statuses.push(
            (
              await call(server.baseUrl, 'POST', '/api/v1/auth/register', {
                body: { email: uniqueEmail(), password: PASSWORD },
              })
            ).status,
          );
        }
        expect(statuses).to.deep.equal([201, 201, 429]);
      } finally {
        await server.close();
      }
    });
  });

  describe('API5 broken function-level authorization', () => {
    it('an API key on any account or billing route → 401', async () => {
      const { key } = await createKey(api.baseUrl, alice.token);
      for (const [method, path, body] of ACCOUNT_OPERATIONS) {
        const { status, body: reply } = await call(api.baseUrl, method, path, { key, body });
        expect(status, `${method} ${path}`).to.equal(401);
        expect(reply.error, `${method} ${path}`).to.equal('invalid_token');
      }
    });
    it('no credentials on any account or billing route → 401', async () => {
      for (const [method, path, body] of ACCOUNT_OPERATIONS) {
        expect((await call(api.baseUrl, method, path, { body })).status, `${method} ${path}`).to.equal(401);
      }
    });
    it('the route family does not depend on letter case', async () => {
      const { key } = await createKey(api.baseUrl, alice.token);
      expect((await call(api.baseUrl, 'GET', '/API/V1/BILLING/PLANS', { key })).status).to.equal(401);
    });
  });

  describe('API6 unrestricted access to sensitive business flows', () => {
    it('a client cannot move itself to enterprise (by contract only)', async () => {
      const user = await signUp(api.baseUrl);
      const { status, body } = await call(api.baseUrl, 'POST', '/api/v1/billing/subscription', {
        token: user.token,
        body: { plan: 'enterprise' },
      });
      expect(status).to.equal(403);
      expect(body.error).to.equal('insufficient_permissions');
      expect((await call(api.baseUrl, 'GET', '/api/v1/auth/me', { token: user.token })).body.data.plan).to.equal(
        'starter',
      );
    });
  });

  describe('API8 security misconfiguration', () => {
    it('the console is served with a strict content security policy and no X-Powered-By', async () => {
      const response = await fetch(`${api.baseUrl}/console`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-security-policy')).to.contain("script-src 'self'");
      expect(response.headers.get('x-powered-by')).to.equal(null);
    });
  });

  describe('API9 improper inventory management', () => {
    it('every account route is in the published contract', async () => {
      const contract = await (await fetch(`${api.baseUrl}/openapi.json`)).json();
      for (const [method, path] of ACCOUNT_OPERATIONS) {
        const template = path.replace(/\/1$/, '/{keyId}');
        expect(contract.paths[template]?.[method.toLowerCase()], `${method} ${template}`).to.be.an('object');
      }
    });
  });
});
