import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { LimiterStore } from '../../src/http/rateLimitStore';
import { useOwnFixture } from '../support/fixture';
import { redisOrSkip } from '../support/redis';
import { call } from '../support/http';
import { createKey, signUp } from '../support/accounts';
import { startServer } from '../support/server';

const DATA = '/v1/stock/basic-info?symbol=600519';

describe('accounts: rate limits', function () {
  this.timeout(60_000); // many sequential requests; a loaded CI machine must not turn slowness into failure
  // A store of its own: these tests change accounts' plans and start more servers on it.
  const api = useOwnFixture();

  it('every API-key response carries X-Rate-Limit-Limit, -Remaining and -Reset', async () => {
    const user = await signUp(api.baseUrl);
    const { key } = await createKey(api.baseUrl, user.token);
    const first = await call(api.baseUrl, 'GET', DATA, { key });
    const second = await call(api.baseUrl, 'GET', '/v1/stock/basic-info?symbol=bad!', { key });
    expect(first.headers.get('x-rate-limit-limit')).to.equal('100');
    expect(first.headers.get('x-rate-limit-remaining')).to.equal('99');
    expect(second.status).to.equal(400);
    expect(second.headers.get('x-rate-limit-remaining')).to.equal('98');
    const reset = Number(first.headers.get('x-rate-limit-reset'));
    const now = Date.now() / 1000;
    expect(reset).to.be.within(Math.floor(now), Math.ceil(now) + 60);
  });

  it('the budget is per account, shared by its keys: request 101 → 429 with Retry-After', async () => {
    const user = await signUp(api.baseUrl);
    const one = await createKey(api.baseUrl, user.token, { name: 'one' });
    const two = await createKey(api.baseUrl, user.token, { name: 'two' });
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 1)
      statuses.push((await call(api.baseUrl, 'GET', DATA, { key: i % 2 ? one.key : two.key })).status);
    expect(statuses.every((status) => status === 200)).to.equal(true);
    const over = await call(api.baseUrl, 'GET', DATA, { key: one.key });
    expect(over.status).to.equal(429);
    expect(over.body).to.deep.equal({
      code: 429,
      message: 'Rate limit exceeded: 100 requests per minute',
      error: 'rate_limit_exceeded',
    });
    expect(Number(over.headers.get('retry-after'))).to.be.within(1, 60);
    expect(over.headers.get('x-rate-limit-remaining')).to.equal('0');
    const other = await signUp(api.baseUrl);
    const { key } = await createKey(api.baseUrl, other.token);
    expect((await call(api.baseUrl, 'GET', DATA, { key })).status).to.equal(200);
  });

  it('enterprise: the account’s own limit, else 1000 per minute', async () => {
    const unset = await signUp(api.baseUrl);
    await api.db('accounts').where({ id: unset.userId }).update({ plan_id: 'enterprise' });
    const { key: unsetKey } = await createKey(api.baseUrl, unset.token);
    expect((await call(api.baseUrl, 'GET', DATA, { key: unsetKey })).headers.get('x-rate-limit-limit')).to.equal(
      '1000',
    );
    const user = await signUp(api.baseUrl);
    await api.db('accounts').where({ id: user.userId }).update({ plan_id: 'enterprise', rate_limit_per_minute: 3 });
    const { key } = await createKey(api.baseUrl, user.token);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await call(api.baseUrl, 'GET', DATA, { key })).status);
    expect(statuses).to.deep.equal([200, 200, 200, 429]);
  });

  it("account routes count against the account's console budget, not its data budget", async () => {
    const user = await signUp(api.baseUrl);
    const { key } = await createKey(api.baseUrl, user.token);
    const me = await call(api.baseUrl, 'GET', '/api/v1/auth/me', { token: user.token });
    const data = await call(api.baseUrl, 'GET', DATA, { key });
    // The suite's console budget (test/support/server.ts), and the starter plan's 100 untouched by the console call.
    expect([
      me.headers.get('x-rate-limit-limit'),
      data.headers.get('x-rate-limit-limit'),
      data.headers.get('x-rate-limit-remaining'),
    ]).to.deep.equal(['100000', '100', '99']);
  });

  describe('shared store', () => {
    const prefix = `ashare-test-${process.pid}-${randomBytes(4).toString('hex')}`;
    const clients: Redis[] = [];
    const servers: Array<{ close(): Promise<void> }> = [];
    let redisUrl: string | undefined;

    after(async () => {
      await Promise.all(servers.map((server) => server.close()));
      if (!redisUrl) return;
      const cleaner = new Redis(redisUrl);
      const keys = await cleaner.keys(`${prefix}*`);
      if (keys.length > 0) await cleaner.del(...keys);
      cleaner.disconnect();
      for (const client of clients) client.disconnect();
    });

    async function twoInstances(store: () => LimiterStore) {
      const a = await startServer(api.db, { limiters: store() });
      const b = await startServer(api.db, { limiters: store() });
      servers.push(a, b);
      return [a.baseUrl, b.baseUrl];
    }

    async function admitted(urls: string[], key: string, requests: number): Promise<number> {
      let ok = 0;
      for (let i = 0; i < requests; i += 1) {
        const { status } = await call(urls[i % urls.length]!, 'GET', DATA, { key });
        if (status === 200) ok += 1;
        else expect(status).to.equal(429);
      }
      return ok;
    }

    it('Redis: two app instances together admit exactly the plan’s limit', async function () {
      const url = (redisUrl = await redisOrSkip(
        this,
        'the rate limit shared through Redis (test/api/accounts-ratelimit.test.ts)',
      ));
      const urls = await twoInstances(() => {
        const client = new Redis(url);
        clients.push(client);
        return new LimiterStore(client, prefix);
      });
      const user = await signUp(api.baseUrl);
      const { key } = await createKey(api.baseUrl, user.token);
      expect(await admitted(urls, key, 130)).to.equal(100);
      const keys = await clients[0]!.keys(`${prefix}:rl100:*`);
      expect(keys).to.have.length(1);
    });

    it('in-process stores: each instance counts alone (why Redis is needed)', async () => {
      const urls = await twoInstances(() => new LimiterStore());
      const user = await signUp(api.baseUrl);
      const { key } = await createKey(api.baseUrl, user.token);
      expect(await admitted(urls, key, 130)).to.equal(130);
    });
  });
});
