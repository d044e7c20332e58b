import { expect } from 'chai';
import { bumpDataVersion } from '../../src/db/dataVersions';
import { insertStatements } from '../support/financials';
import { insertSecurities, keyOnPlan } from '../support/marketData';
import { replyOf, useTestServer } from '../support/server';

const M = 1_000_000;
const PATH = '/v1/financials/income-statement?symbol=000333.SZ&period=annual&fields=report_date,revenue';

/** A database of its own: the answers' data is changed under the server. */
describe('financials: answer cache and ETags', () => {
  const store = useTestServer(async (db) => {
    await insertSecurities(db, [{ ts_code: '000333.SZ', name: '美的集团' }]);
    await insertStatements(db, 'income_statements', [
      { ts_code: '000333.SZ', end_date: '2023-12-31', f_ann_date: '2024-03-30', revenue: 100 * M },
    ]);
    await insertStatements(db, 'balance_sheets', [
      { ts_code: '000333.SZ', end_date: '2023-12-31', f_ann_date: '2024-03-30', total_assets: 500 * M },
    ]);
    await insertStatements(db, 'cash_flows', [
      { ts_code: '000333.SZ', end_date: '2023-12-31', f_ann_date: '2024-03-30', n_cashflow_act: 30 * M },
    ]);
    key = await keyOnPlan(db, 'enterprise');
  });
  let key: string;

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(store.server.baseUrl + path, { headers: { 'X-API-KEY': key, ...headers } });
    return replyOf(response);
  };
  const revenueOf = async (path = PATH) => (await get(path)).body.data.income_statements[0].revenue as number;

  for (const path of [
    PATH,
    '/v1/financials/balance-sheet?symbol=000333.SZ',
    '/v1/financials/cash-flow?symbol=000333.SZ',
    '/v1/financials/financial-metrics?symbol=000333.SZ',
    '/api/v1/fundamentals?symbol=000333.SZ',
  ]) {
    it(`answers If-None-Match with 304 while the data is unchanged: ${path.slice(0, path.indexOf('?'))}`, async () => {
      const first = await get(path);
      expect(first.status).to.equal(200);
      const etag = first.headers.get('etag')!;
      expect(etag).to.match(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers.get('cache-control')).to.equal('private, max-age=60');
      const again = await get(path, { 'If-None-Match': etag });
      expect(again.status).to.equal(304);
      expect(again.headers.get('etag')).to.equal(etag);
    });
  }

  it('serves repeats from the cache, also when the same request is spelled differently', async () => {
    const first = await get(PATH);
    // Changed behind the server's back (no import, no version bump): the cached answer stays.
    await store
      .db('income_statements')
      .where({ ts_code: '000333.SZ' })
      .update({ revenue: 999 * M });
    expect(await revenueOf()).to.equal(first.body.data.income_statements[0].revenue);
    const respelled = await get(
      '/v1/financials/income-statement?fields=report_date,revenue&period=annual&symbol=000333',
    );
    expect(respelled.headers.get('etag')).to.equal(first.headers.get('etag'));
    await store
      .db('income_statements')
      .where({ ts_code: '000333.SZ' })
      .update({ revenue: 100 * M });
  });

  it('retires cached answers when statements are imported (financials version bump): 200 with a new ETag', async () => {
    const first = await get(PATH);
    expect(first.body.data.income_statements[0].revenue).to.equal(100 * M);
    await insertStatements(store.db, 'income_statements', [
      { ts_code: '000333.SZ', end_date: '2023-12-31', f_ann_date: '2024-08-30', revenue: 120 * M },
    ]);
    const changed = await get(PATH, { 'If-None-Match': first.headers.get('etag')! });
    expect(changed.status).to.equal(200);
    expect(changed.headers.get('etag')).to.not.equal(first.headers.get('etag'));
    expect(changed.body.data.income_statements[0].revenue).to.equal(120 * M);
  });

  it('retires cached answers when reference data is imported (names are in the answers)', async () => {
    const path = '/v1/financials/balance-sheet?symbol=000333.SZ&fields=report_date';
    expect((await get(path)).body.data.name).to.equal('美的集团');
    await store.db('securities').where({ ts_code: '000333.SZ' }).update({ name: '美的' });
    expect((await get(path)).body.data.name).to.equal('美的集团');
    await bumpDataVersion(store.db, 'reference');
    expect((await get(path)).body.data.name).to.equal('美的');
  });
});
