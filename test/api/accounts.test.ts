import { expect } from 'chai';
import { hashKey } from '../../src/domain/access/keyMaterial';
import { useSharedFixture } from '../support/fixture';
import { call } from '../support/http';
import { createKey, PASSWORD, signUp, uniqueEmail } from '../support/accounts';

describe('accounts: /api/v1/auth', () => {
  const api = useSharedFixture();

  describe('POST /api/v1/auth/register', () => {
    it('creates an account on the starter plan', async () => {
      const email = uniqueEmail();
      const { status, body } = await call(api.baseUrl, 'POST', '/api/v1/auth/register', {
        body: { email, password: PASSWORD, name: 'Ada' },
      });
      expect(status).to.equal(201);
      expect(body.data).to.include({ email, name: 'Ada', plan: 'starter' });
      expect(body.data.created_at).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    });
    it('stores the password as salted scrypt, never in clear', async () => {
      const first = uniqueEmail();
      const second = uniqueEmail();
      for (const email of [first, second])
        await call(api.baseUrl, 'POST', '/api/v1/auth/register', { body: { email, password: PASSWORD } });
      const rows = await api.db('accounts').whereIn('email', [first, second]).select('password_hash');
      expect(rows).to.have.length(2);
      for (const row of rows) {
        expect(row.password_hash).to.match(/^scrypt\$16384\$8\$1\$/);
        expect(row.password_hash).not.to.contain(PASSWORD);
      }
      expect(rows[0].password_hash).not.to.equal(rows[1].password_hash);
    });
    it('a taken email (any case) → 409 email_taken', async () => {
      const email = uniqueEmail();
      await call(api.baseUrl, 'POST', '/api/v1/auth/register', { body: { email, password: PASSWORD } });
      const { status, body } = await call(api.baseUrl, 'POST', '/api/v1/auth/register', {
        body: { email: email.toUpperCase(), password: PASSWORD },
      });
      expect(status).to.equal(409);
      expect(body).to.deep.equal({ code: 409, message: 'Email already registered', error: 'email_taken' });
    });
    it('a short password → 400 naming the field', async () => {
      const { status, body } = await call(api.baseUrl, 'POST', '/api/v1/auth/register', {
        body: { email: uniqueEmail(), password: 'short' },
      });
      expect(status).to.equal(400);
      expect(body.error).to.equal('invalid_parameter');
      expect(body.message).to.match(/^password/);
    });
    it('a malformed email → 400 naming the field', async () => {
      const { status, body } = await call(api.baseUrl, 'POST', '/api/v1/auth/register', {
        body: { email: 'not-an-email', password: PASSWORD },
      });
      expect(status).to.equal(400);
      expect(body.message).to.match(/^email/);
    });
    it('a missing password → 400 missing_parameter', async () => {
      const { status, body } = await call(api.baseUrl, 'POST', '/api/v1/auth/register', {
        body: { email: uniqueEmail() },
      });
      expect(status).to.equal(400);
      expect(body.error).to.equal('missing_parameter');
      expect(body.message).to.contain('password');
    });
  });

  describe('POST /api/v1/auth/login, GET /api/v1/auth/me, POST /api/v1/auth/logout', () => {
    it('login → a Bearer token, its expiry and the user; me answers with it', async () => {
      const email = uniqueEmail();
      await call(api.baseUrl, 'POST', '/api/v1/auth/register', { body: { email, password: PASSWORD } });
      const { status, body } = await call(api.baseUrl, 'POST', '/api/v1/auth/login', {
        body: { email, password: PASSWORD },
      });
      expect(status).to.equal(200);
      expect(body.data.token_type).to.equal('Bearer');
      expect(body.data.user.email).to.equal(email);
      expect(Date.parse(body.data.expires_at)).to.be.greaterThan(Date.now());
      const me = await call(api.baseUrl, 'GET', '/api/v1/auth/me', { token: body.data.token });
      expect(me.status).to.equal(200);
      expect(me.body.data).to.deep.equal(body.data.user);
    });
    it('the token is stored only as its hash', async () => {
      const user = await signUp(api.baseUrl);
      const rows = await api.db('sessions').where({ account_id: user.userId }).select('token_hash');
      expect(rows.map((row) => row.token_hash)).to.deep.equal([hashKey(user.token)]);
    });
    it('wrong password and unknown email → the same 401 invalid_credentials', async () => {
      const user = await signUp(api.baseUrl);
      const wrong = await call(api.baseUrl, 'POST', '/api/v1/auth/login', {
        body: { email: user.email, password: 'not the password' },
      });
      const unknown = await call(api.baseUrl, 'POST', '/api/v1/auth/login', {
        body: { email: uniqueEmail(), password: PASSWORD },
      });
      expect(wrong.status).to.equal(401);
      expect(wrong.body).to.deep.equal({
        code: 401,
        message: 'Invalid email or password',
        error: 'invalid_credentials',
      });
      expect(unknown.status).to.equal(401);
      expect(unknown.body).to.deep.equal(wrong.body);
    });
    it('the email is case-insensitive at sign-in', async () => {
      const user = await signUp(api.baseUrl);
      const { status, body } = await call<'login'>(api.baseUrl, 'POST', '/api/v1/auth/login', {
        body: { email: user.email.toUpperCase(), password: PASSWORD },
      });
      expect(status).to.equal(200);
      // A session of the same account: the token signs in as the address registered, in its own case.
      expect(body.data.token)
        .to.match(/^[A-Za-z0-9_-]{20,}$/)
        .and.not.equal(user.token);
      const me = await call<'getMe'>(api.baseUrl, 'GET', '/api/v1/auth/me', { token: body.data.token });
      expect(me.body.data).to.include({ id: user.userId, email: user.email });
    });
    it('logout revokes the token at once', async () => {
      const user = await signUp(api.baseUrl);
      expect((await call(api.baseUrl, 'POST', '/api/v1/auth/logout', { token: user.token })).status).to.equal(204);
      const me = await call(api.baseUrl, 'GET', '/api/v1/auth/me', { token: user.token });
      expect(me.status).to.equal(401);
      expect(me.body.error).to.equal('invalid_token');
    });
    it('me without a token → 401 invalid_token', async () => {
      const { status, body } = await call(api.baseUrl, 'GET', '/api/v1/auth/me');
      expect(status).to.equal(401);
      expect(body).to.deep.equal({
        code: 401,
        message: 'Unauthorized: Invalid or expired session',
        error: 'invalid_token',
      });
    });
  });
});

describe('accounts: /api/v1/api-keys', () => {
  const api = useSharedFixture();

  it('POST returns the full key once; it works on /v1; GET lists it by prefix only', async () => {
    const user = await signUp(api.baseUrl);
    const created = await call(api.baseUrl, 'POST', '/api/v1/api-keys', {
      token: user.token,
      body: { name: 'backtest' },
    });
    expect(created.status).to.equal(201);
    const { key, ...listed } = created.body.data;
    expect(key).to.match(/^ak_[A-Za-z0-9_-]{43}$/);
    expect(listed).to.include({ name: 'backtest', prefix: key.slice(0, 11), last_used_at: null, expires_at: null });
    expect(listed.scopes).to.deep.equal(['market', 'financials', 'reference', 'events']);
    expect((await call(api.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', { key })).status).to.equal(200);
    const list = await call(api.baseUrl, 'GET', '/api/v1/api-keys', { token: user.token });
    expect(list.status).to.equal(200);
    expect(list.body.data).to.have.length(1);
    expect(list.body.data[0]).to.deep.equal(listed);
    expect(JSON.stringify(list.body)).not.to.contain(key);
  });
  it('the path with a trailing slash works as well', async () => {
    const user = await signUp(api.baseUrl);
    expect(
      (await call(api.baseUrl, 'POST', '/api/v1/api-keys/', { token: user.token, body: { name: 'slash' } })).status,
    ).to.equal(201);
    const list = await call(api.baseUrl, 'GET', '/api/v1/api-keys/', { token: user.token });
    expect(list.status).to.equal(200);
    expect(list.body.data.map((key: any) => key.name)).to.deep.equal(['slash']);
  });
  it('a key outside its scopes → 403 insufficient_permissions; inside → 200', async () => {
    const user = await signUp(api.baseUrl);
    const { key } = await createKey(api.baseUrl, user.token, { name: 'market only', scopes: ['market'] });
    const denied = await call(api.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', { key });
    expect(denied.status).to.equal(403);
    expect(denied.body).to.deep.equal({
      code: 403,
      message: 'Forbidden: Insufficient permissions',
      error: 'insufficient_permissions',
    });
    expect(denied.headers.get('x-rate-limit-remaining')).to.equal('99');
    const { key: reference } = await createKey(api.baseUrl, user.token, { name: 'reference', scopes: ['reference'] });
    expect((await call(api.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', { key: reference })).status).to.equal(
      200,
    );
  });
  it('PUT renames and changes scopes, effective on the next request', async () => {
    const user = await signUp(api.baseUrl);
    const { id, key } = await createKey(api.baseUrl, user.token);
    expect((await call(api.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', { key })).status).to.equal(200);
    const updated = await call(api.baseUrl, 'PUT', `/api/v1/api-keys/${id}`, {
      token: user.token,
      body: { name: 'renamed', scopes: ['events'] },
    });
    expect(updated.status).to.equal(200);
    expect(updated.body.data).to.include({ id, name: 'renamed' });
    expect(updated.body.data.scopes).to.deep.equal(['events']);
    expect((await call(api.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', { key })).status).to.equal(403);
  });
  it('PUT with an empty body or unknown property → 400', async () => {
    const user = await signUp(api.baseUrl);
    const { id } = await createKey(api.baseUrl, user.token);
    expect((await call(api.baseUrl, 'PUT', `/api/v1/api-keys/${id}`, { token: user.token, body: {} })).status).to.equal(
      400,
    );
    expect(
      (await call(api.baseUrl, 'PUT', `/api/v1/api-keys/${id}`, { token: user.token, body: { prefix: 'ak_x' } }))
        .status,
    ).to.equal(400);
  });
  it('an expiry in the past → 400; in the future → kept and listed', async () => {
    const user = await signUp(api.baseUrl);
    const past = await call(api.baseUrl, 'POST', '/api/v1/api-keys', {
      token: user.token,
      body: { name: 'x', expires_at: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).to.equal(400);
    expect(past.body.message).to.contain('expires_at');
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString().slice(0, 19) + 'Z';
    const future = await call(api.baseUrl, 'POST', '/api/v1/api-keys', {
      token: user.token,
      body: { name: 'x', expires_at: expiresAt },
    });
    expect(future.status).to.equal(201);
    expect(future.body.data.expires_at).to.equal(expiresAt);
  });
  it('DELETE → 204, and the key is refused at once', async () => {
    const user = await signUp(api.baseUrl);
    const { id, key } = await createKey(api.baseUrl, user.token);
    expect((await call(api.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', { key })).status).to.equal(200);
    expect((await call(api.baseUrl, 'DELETE', `/api/v1/api-keys/${id}`, { token: user.token })).status).to.equal(204);
    const after = await call(api.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', { key });
    expect(after.status).to.equal(401);
    expect(after.body.error).to.equal('invalid_key');
    expect((await call(api.baseUrl, 'DELETE', `/api/v1/api-keys/${id}`, { token: user.token })).status).to.equal(404);
  });
  it('an unknown or malformed key id → 404 / 400', async () => {
    const user = await signUp(api.baseUrl);
    expect(
      (await call(api.baseUrl, 'PUT', '/api/v1/api-keys/999999', { token: user.token, body: { name: 'x' } })).status,
    ).to.equal(404);
    expect((await call(api.baseUrl, 'DELETE', '/api/v1/api-keys/abc', { token: user.token })).status).to.equal(400);
  });
  it('last_used_at is stamped from the usage batch', async () => {
    const user = await signUp(api.baseUrl);
    const { key } = await createKey(api.baseUrl, user.token);
    await call(api.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', { key });
    await call(api.baseUrl, 'GET', '/api/v1/billing/usage', { token: user.token });
    const list = await call(api.baseUrl, 'GET', '/api/v1/api-keys', { token: user.token });
    expect(list.body.data[0].last_used_at).to.match(/^\d{4}-\d{2}-\d{2}T/);
  });
});
