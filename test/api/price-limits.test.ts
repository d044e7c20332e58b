import { expect } from 'chai';
import { useSharedFixture } from '../support/fixture';
import { csvItems } from '../support/sampleRequests';
import { dataapi } from '../support/dataapi';

/**
 * `stk_limit` through its descriptor (src/domain/tables/datasetDescriptors.ts, PRICE_LIMITS) on the shared
 * fixture: the source's rows of test/fixtures/datasets/stk_limit.csv, and the audit's computed prices of the
 * days it sent none for (the fixture's audit, as after `ashare import`).
 */
describe('stk_limit: limit prices on /v1 and /dataapi, the source’s and the computed', () => {
  const api = useSharedFixture();
  const pingAn = { symbol: '000001.SZ', name: '平安银行' };
  const row = (date: string, pre_close: number, up_limit: number, down_limit: number, computed: 1 | null) => ({
    date,
    pre_close,
    up_limit,
    down_limit,
    computed,
  });

  it('one security over time: the source’s rows as sent, the days before computed (previous close × 1.1 and × 0.9, half up)', async () => {
    const { status, body } = await api.get(
      '/v1/market/price-limits?symbol=000001&begin_date=2024-12-24&end_date=2024-12-31',
    );
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body.data).to.deep.equal(
      [
        row('2024-12-31', 11.7, 12.87, 10.53, null),
        row('2024-12-30', 11.63, 12.79, 10.47, null),
        // 11.86 × 1.1 = 13.046, × 0.9 = 10.674; 11.92 → 13.112, 10.728; 11.73 → 12.903, 10.557.
        row('2024-12-27', 11.86, 13.05, 10.67, 1),
        row('2024-12-26', 11.92, 13.11, 10.73, 1),
        row('2024-12-25', 11.86, 13.05, 10.67, 1),
        row('2024-12-24', 11.73, 12.9, 10.56, 1),
      ].map((limit) => ({ ...pingAn, ...limit })),
    );
  });

  it('the whole market of a day: an ETF at the fund tick, a convertible at ±20 %', async () => {
    const { body } = await api.get('/v1/market/price-limits?date=2024-12-31');
    expect(body.data).to.deep.include.members([
      // 4.012 × 1.1 = 4.4132, × 0.9 = 3.6108 at 0.001; 131.80 × 1.2 and × 0.8.
      { symbol: '510300.SH', name: '沪深300ETF', ...row('2024-12-31', 4.012, 4.413, 3.611, 1) },
      { symbol: '113050.SH', name: '南银转债', ...row('2024-12-31', 131.8, 158.16, 105.44, 1) },
      { symbol: '600519.SH', name: '贵州茅台', ...row('2024-12-31', 1524, 1676.4, 1371.6, null) },
    ]);
  });

  it('/dataapi stk_limit answers Tushare’s five fields, the source’s rows as sent', async () => {
    const { code, data } = await dataapi(api.baseUrl, api.key, 'stk_limit', {
      ts_code: '000001.SZ,600519.SH',
      start_date: '20241230',
      end_date: '20241231',
    });
    const { fields, items } = csvItems('stk_limit.csv');
    expect([code, data]).to.deep.equal([0, { fields, items, has_more: false }]);
  });
});
