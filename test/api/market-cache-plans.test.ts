import { expect } from 'chai';
import { bumpDataVersion } from '../../src/db/dataVersions';
import { replyOf, useTestServer } from '../support/server';
import { insertSecurities, keyOnPlan, loadCalendar } from '../support/marketData';

/** The server's clock: 15:05 in Beijing on the last day stored, five minutes after its close. */
const NOW = new Date('2024-12-31T15:05:00+08:00');

/** A database of its own and a server on a fixed clock, so plan delays on market time can be seen. */
describe('market: ETag caching and plan rules', () => {
  const store = useTestServer(
    async (db) => {
      await insertSecurities(db, [{ ts_code: '600000.SH', name: '浦发银行' }]);
      await loadCalendar(db, '2024-01-01', '2024-12-31');
      // Loaded just now, all three: when a bar was loaded plays no part, only the close it describes.
      await db('daily_bars').insert([bar('2024-12-27', 10), bar('2024-12-30', 10.5), bar('2024-12-31', 11)]);
      await db('adj_factors').insert([
        { ts_code: '600000.SH', trade_date: '2024-12-27', adj_factor: 1 },
        { ts_code: '600000.SH', trade_date: '2024-12-30', adj_factor: 1 },
        { ts_code: '600000.SH', trade_date: '2024-12-31', adj_factor: 2 },
      ]);
      // Minute bars ending 30, 10 and 1 minute before the clock; ticks 30 min, 10 min and 20 s before it.
      await db('intraday_bars').insert(
        ['14:35:00', '14:55:00', '15:04:00'].map((time) => ({
          ts_code: '600000.SH',
          trade_time: `2024-12-31 ${time}`,
          open: 10,
          high: 10,
          low: 10,
          close: 10,
          vol: 100,
          amount: 1000,
        })),
      );
      await db('trades').insert(
        ['14:35:00', '14:55:00', '15:04:40'].map((time, seq) => ({
          ts_code: '600000.SH',
          trade_time: `2024-12-31 ${time}`,
          seq,
          price: 10,
          volume: 100,
          amount: 1000,
          side: 'B',
        })),
      );
      await bumpDataVersion(db, 'market');
      for (const plan of ['starter', 'professional', 'enterprise']) keys[plan] = await keyOnPlan(db, plan);
    },
    { clock: () => NOW },
  );
  const keys: Record<string, string> = {};

  const get = async (path: string, plan: string, headers: Record<string, string> = {}) => {
    const response = await fetch(store.server.baseUrl + path, { headers: { 'X-API-KEY': keys[plan]!, ...headers } });
    return replyOf(response);
  };

  const bar = (trade_date: string, close: number) => ({
    ts_code: '600000.SH',
    trade_date,
    open: close,
    high: close,
    low: close,
    close,
    pre_close: close - 0.1,
    change: 0.1,
    pct_chg: 1,
    vol: 1000,
    amount: 1e6,
    turnover: 0.5,
    published_at: '2024-12-31 07:04:59',
  });

  describe('plan delays: one filter on market time', () => {
    it('starter does not see the bar of a close 5 minutes ago; the anchor moves back with it', async () => {
      const starter = await get('/v1/market/daily?symbol=600000&begin_date=2024-12-01', 'starter');
      expect(starter.body.data.daily.map((b: { date: string }) => b.date)).to.deep.equal(['2024-12-30', '2024-12-27']);
      expect(starter.body.data.adj_anchor_date).to.equal('2024-12-30');
      expect(starter.body.data.daily[0].close).to.equal(10.5);
      for (const plan of ['professional', 'enterprise']) {
        const { body } = await get('/v1/market/daily?symbol=600000&begin_date=2024-12-01', plan);
        expect(
          body.data.daily.map((b: { date: string }) => b.date),
          plan,
        ).to.deep.equal(['2024-12-31', '2024-12-30', '2024-12-27']);
        expect(body.data.daily[1].close, plan).to.equal(5.25); // 10.5 × 1 / 2
      }
    });

    it('the default end (latest trading day) follows the plan', async () => {
      expect((await get('/v1/market/daily?symbol=600000&limit=1', 'starter')).body.data.daily[0].date).to.equal(
        '2024-12-30',
      );
      expect((await get('/v1/market/daily?symbol=600000&limit=1', 'enterprise')).body.data.daily[0].date).to.equal(
        '2024-12-31',
      );
    });

    it('ticks: professional sees them 1 minute late, enterprise in real time', async () => {
      const seqs = async (plan: string) =>
        (await get('/v1/market/trades?symbol=600000', plan)).body.data.map((t: { seq: number }) => t.seq);
      expect(await seqs('enterprise')).to.deep.equal([0, 1, 2]);
      expect(await seqs('professional')).to.deep.equal([0, 1]);
    });

    it('trades need professional or higher: starter → 403 insufficient_permissions', async () => {
      const starter = await get('/v1/market/trades?symbol=600000', 'starter');
      expect(starter.status).to.equal(403);
      expect(starter.body).to.deep.equal({
        code: 403,
        message: 'Your plan has no access to ticks (trades); professional and enterprise have',
        error: 'insufficient_permissions',
      });
      expect((await get('/v1/market/trades?symbol=600000', 'professional')).status).to.not.equal(403);
      expect((await get('/v1/market/trades?symbol=609999', 'starter')).status).to.equal(403); // the plan is checked first
    });
  });

  describe('ETag and Cache-Control', () => {
    it('answers If-None-Match with 304 while the data is unchanged, then 200 with a new ETag after an import', async () => {
      const path = '/v1/market/daily?symbol=600000&begin_date=2024-12-01';
      const first = await get(path, 'enterprise');
      const etag = first.headers.get('etag')!;
      expect(etag).to.match(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers.get('cache-control')).to.equal('private, max-age=60');
      const again = await get('/v1/market/daily?begin_date=2024-12-01&symbol=600000.SH', 'enterprise', {
        'If-None-Match': etag,
      });
      expect(again.status).to.equal(304);
      expect(again.headers.get('etag')).to.equal(etag);
      expect(again.body).to.equal(undefined);
      const other = await get(path, 'enterprise', { 'If-None-Match': '"something-else"' });
      expect(other.status).to.equal(200);
      expect(other.body).to.deep.equal(first.body);

      await store.db('daily_bars').where({ ts_code: '600000.SH', trade_date: '2024-12-31' }).update({ close: 12 });
      await bumpDataVersion(store.db, 'market');
      const changed = await get(path, 'enterprise', { 'If-None-Match': etag });
      expect(changed.status).to.equal(200);
      expect(changed.headers.get('etag')).to.not.equal(etag);
      expect(changed.body.data.daily[0].close).to.equal(12);

      await store.db('securities').where({ ts_code: '600000.SH' }).update({ name: '浦发银行B' });
      await bumpDataVersion(store.db, 'reference');
      const renamed = await get(path, 'enterprise');
      expect(renamed.body.data.name).to.equal('浦发银行B');
    });

    it('a repeat is answered from the cache before validation, whatever the order of parameters or where the key is', async () => {
      // `adjusted` left to its default, which the validator writes into the handler's query.
      const path = '/v1/market/daily?symbol=600000&begin_date=2024-12-30';
      const first = await get(path, 'enterprise');
      // The repeat is answered by the warm path, under the key the first answer was stored under.
      const warmHits = async () =>
        Number(
          /^response_cache_warm_hits_total (\d+)$/m.exec(
            await (await fetch(`${store.server.baseUrl}/metrics`)).text(),
          )![1],
        );
      const before = await warmHits();
      const repeat = await fetch(
        `${store.server.baseUrl}/v1/market/daily?begin_date=2024-12-30&api_key=${keys.enterprise}&symbol=600000`,
      );
      expect(await warmHits()).to.equal(before + 1);
      expect(repeat.status).to.equal(200);
      expect(repeat.headers.get('etag')).to.equal(first.headers.get('etag'));
      expect(await repeat.json()).to.deep.equal(first.body);
      const invalid = await get(`${path}&colour=red`, 'enterprise');
      expect(invalid.status).to.equal(400);
      const noKey = await fetch(store.server.baseUrl + path);
      expect(noKey.status).to.equal(401);
    });

    it('delayed plans get an ETag too (computed, not cached)', async () => {
      const path = '/v1/market/klines?symbol=600000&interval=daily';
      const first = await get(path, 'starter');
      expect(first.status).to.equal(200);
      const again = await get(path, 'starter', { 'If-None-Match': first.headers.get('etag')! });
      expect(again.status).to.equal(304);
    });
  });
});
