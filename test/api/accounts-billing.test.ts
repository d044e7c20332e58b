import { expect } from 'chai';
import { exchangeToday } from '../../src/domain/time/clock';
import { useSharedFixture } from '../support/fixture';
import { call } from '../support/http';
import { createKey, signUp } from '../support/accounts';

describe('accounts: /api/v1/billing', function () {
  this.timeout(60_000); // many sequential requests; a loaded CI machine must not turn slowness into failure
  const api = useSharedFixture();

  it('GET plans lists the three plans with price, limit, delays and entitlements', async () => {
    const user = await signUp(api.baseUrl);
    const { status, body } = await call(api.baseUrl, 'GET', '/api/v1/billing/plans', { token: user.token });
    expect(status).to.equal(200);
    expect(
      body.data.map((plan: any) => [plan.id, plan.price_monthly_cents, plan.rate_limit_per_minute, plan.tick_access]),
    ).to.deep.equal([
      ['starter', 9900, 100, false],
      ['professional', 49900, 300, true],
      ['enterprise', 0, null, true],
    ]);
    expect(body.data[0]).to.include({ currency: 'CNY', daily_delay_minutes: 15, minute_delay_minutes: 15 });
  });

  it('a new account is on starter, billed once for it', async () => {
    const user = await signUp(api.baseUrl);
    const subscription = await call(api.baseUrl, 'GET', '/api/v1/billing/subscription', { token: user.token });
    expect(subscription.status).to.equal(200);
    expect(subscription.body.data.plan.id).to.equal('starter');
    expect(subscription.body.data.rate_limit_per_minute).to.equal(100);
    const history = await call(api.baseUrl, 'GET', '/api/v1/billing/history', { token: user.token });
    expect(history.body.data).to.have.length(1);
    expect(history.body.data[0]).to.include({
      plan: 'starter',
      previous_plan: null,
      amount_cents: 9900,
      currency: 'CNY',
    });
  });

  it('POST subscription changes the plan, records an invoice and raises the rate limit of the keys at once', async () => {
    const user = await signUp(api.baseUrl);
    const { key } = await createKey(api.baseUrl, user.token);
    expect(
      (await call(api.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', { key })).headers.get('x-rate-limit-limit'),
    ).to.equal('100');
    const changed = await call(api.baseUrl, 'POST', '/api/v1/billing/subscription', {
      token: user.token,
      body: { plan: 'professional' },
    });
    expect(changed.status).to.equal(200);
    expect(changed.body.data.plan.id).to.equal('professional');
    expect(changed.body.data.rate_limit_per_minute).to.equal(300);
    expect(
      (await call(api.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', { key })).headers.get('x-rate-limit-limit'),
    ).to.equal('300');
    const history = await call(api.baseUrl, 'GET', '/api/v1/billing/history', { token: user.token });
    const [latest] = history.body.data;
    expect(latest).to.include({ plan: 'professional', previous_plan: 'starter', amount_cents: 49900 });
    const today = exchangeToday();
    expect(latest.period_start).to.equal(today);
    expect(latest.period_end > today).to.equal(true);
    expect((await call(api.baseUrl, 'GET', '/api/v1/auth/me', { token: user.token })).body.data.plan).to.equal(
      'professional',
    );
  });

  it('choosing the current plan changes nothing', async () => {
    const user = await signUp(api.baseUrl);
    const same = await call(api.baseUrl, 'POST', '/api/v1/billing/subscription', {
      token: user.token,
      body: { plan: 'starter' },
    });
    expect(same.status).to.equal(200);
    expect(
      (await call(api.baseUrl, 'GET', '/api/v1/billing/history', { token: user.token })).body.pagination.total_items,
    ).to.equal(1);
  });

  it('an unknown plan → 400', async () => {
    const user = await signUp(api.baseUrl);
    const { status, body } = await call(api.baseUrl, 'POST', '/api/v1/billing/subscription', {
      token: user.token,
      body: { plan: 'platinum' },
    });
    expect(status).to.equal(400);
    expect(body.error).to.equal('invalid_parameter');
    expect(body.message).to.match(/^plan/);
  });

  it('history is paginated, newest first', async () => {
    const user = await signUp(api.baseUrl);
    for (const plan of ['professional', 'starter', 'professional']) {
      await call(api.baseUrl, 'POST', '/api/v1/billing/subscription', { token: user.token, body: { plan } });
    }
    const page = await call(api.baseUrl, 'GET', '/api/v1/billing/history?limit=2&page=2', { token: user.token });
    expect(page.status).to.equal(200);
    expect(page.body.pagination).to.deep.equal({
      current_page: 2,
      total_pages: 2,
      total_items: 4,
      items_per_page: 2,
      has_next_page: false,
      has_prev_page: true,
    });
    expect(page.body.data.map((invoice: any) => invoice.plan)).to.deep.equal(['professional', 'starter']);
    expect(page.body.data[1].previous_plan).to.equal(null);
  });

  describe('GET usage', () => {
    it('counts requests per day, endpoint and key, for the account only', async () => {
      const user = await signUp(api.baseUrl);
      const first = await createKey(api.baseUrl, user.token, { name: 'first' });
      const second = await createKey(api.baseUrl, user.token, { name: 'second' });
      for (let i = 0; i < 3; i += 1)
        await call(api.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', { key: first.key });
      await call(api.baseUrl, 'GET', '/v1/stock/search?keyword=PAYH', { key: second.key });
      await call(api.baseUrl, 'GET', '/v1/stock/basic-info?symbol=bad!', { key: second.key });
      const { status, body } = await call(api.baseUrl, 'GET', '/api/v1/billing/usage', { token: user.token });
      expect(status).to.equal(200);
      const today = exchangeToday();
      expect([body.data.total, body.data.total_bytes]).to.deep.equal([5, 0]);
      expect(body.data.end_date).to.equal(today);
      expect(body.data.daily).to.have.length(30);
      expect(body.data.daily.at(-1)).to.deep.equal({ date: today, count: 5 });
      expect(body.data.by_endpoint).to.deep.equal([
        { endpoint: '/v1/stock/basic-info', count: 4, bytes: 0 },
        { endpoint: '/v1/stock/search', count: 1, bytes: 0 },
      ]);
      expect(body.data.by_key).to.deep.equal([
        { key_id: first.id, name: 'first', prefix: first.key.slice(0, 11), count: 3 },
        { key_id: second.id, name: 'second', prefix: second.key.slice(0, 11), count: 2 },
      ]);
      const one = await call(api.baseUrl, 'GET', `/api/v1/billing/usage?key_id=${second.id}`, { token: user.token });
      expect(one.body.data.total).to.equal(2);
    });

    it('a deleted key keeps its usage, nameless', async () => {
      const user = await signUp(api.baseUrl);
      const { id, key } = await createKey(api.baseUrl, user.token);
      await call(api.baseUrl, 'GET', '/v1/stock/basic-info?symbol=600519', { key });
      await call(api.baseUrl, 'DELETE', `/api/v1/api-keys/${id}`, { token: user.token });
      const { body } = await call(api.baseUrl, 'GET', '/api/v1/billing/usage', { token: user.token });
      expect(body.data.by_key).to.deep.equal([{ key_id: id, name: null, prefix: null, count: 1 }]);
    });

    it('unknown routes, auth failures and rate-limited requests are not counted', async () => {
      const user = await signUp(api.baseUrl);
      const { key } = await createKey(api.baseUrl, user.token);
      await call(api.baseUrl, 'GET', '/v1/stock/nope', { key });
      const { body } = await call(api.baseUrl, 'GET', '/api/v1/billing/usage', { token: user.token });
      expect(body.data.total).to.equal(0);
    });

    it('takes a date range: explicit, at most 366 days, real dates, begin ≤ end', async () => {
      const user = await signUp(api.baseUrl);
      const range = await call(api.baseUrl, 'GET', '/api/v1/billing/usage?begin_date=2024-02-27&end_date=2024-03-01', {
        token: user.token,
      });
      expect(range.status).to.equal(200);
      expect(range.body.data.daily.map((d: any) => d.date)).to.deep.equal([
        '2024-02-27',
        '2024-02-28',
        '2024-02-29',
        '2024-03-01',
      ]);
      const tooLong = await call(
        api.baseUrl,
        'GET',
        '/api/v1/billing/usage?begin_date=2023-01-01&end_date=2024-12-31',
        { token: user.token },
      );
      expect(tooLong.status).to.equal(400);
      expect(tooLong.body.error).to.equal('date_range_too_large');
      const badDate = await call(api.baseUrl, 'GET', '/api/v1/billing/usage?begin_date=2024-02-30', {
        token: user.token,
      });
      expect(badDate.body.error).to.equal('invalid_date_format');
      const reversed = await call(
        api.baseUrl,
        'GET',
        '/api/v1/billing/usage?begin_date=2024-03-01&end_date=2024-02-01',
        { token: user.token },
      );
      expect(reversed.status).to.equal(400);
      expect(reversed.body.error).to.equal('invalid_parameter');
    });
  });
});
