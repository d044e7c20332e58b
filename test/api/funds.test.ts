import { expect } from 'chai';
import { pageOf } from '../support/pagination';
import { useSharedFixture } from '../support/fixture';

/** The funds' datasets through their descriptors (src/domain/tables/instrumentDescriptors.ts), on test/fixtures/datasets. */
describe('ETF units outstanding and NAVs: /v1/fund/shares and /v1/fund/nav', () => {
  const api = useSharedFixture();
  const hs300 = { symbol: '510300.SH', name: '沪深300ETF' };

  it('units outstanding of one fund over time, and of every fund on a day, from ten thousands to units', async () => {
    const { status, body } = await api.get('/v1/fund/shares?symbol=510300&begin_date=2024-12-01&end_date=2024-12-31');
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body).to.deep.equal({
      code: 200,
      message: 'success',
      pagination: pageOf(1, 2, 1000),
      data: [
        { ...hs300, date: '2024-12-31', fd_share: 89500001234 },
        { ...hs300, date: '2024-12-30', fd_share: 89123456789 },
      ],
    });
    const day = await api.get('/v1/fund/shares?date=2024-12-31');
    expect(day.body.data).to.deep.equal([
      { symbol: '159919.SZ', name: '沪深300ETF嘉实', date: '2024-12-31', fd_share: 12345678900 },
      { ...hs300, date: '2024-12-31', fd_share: 89500001234 },
    ]);
  });

  it('NAVs point in time: a NAV from its announcement, a restatement from its own', async () => {
    const nav = (
      nav_date: string,
      ann_date: string,
      unit_nav: number,
      accum_nav: number,
      net_asset: number,
      adj_nav: number,
    ) => ({
      ...hs300,
      nav_date,
      ann_date,
      unit_nav,
      accum_nav,
      accum_div: 0.2826,
      net_asset,
      total_netasset: net_asset,
      adj_nav,
    });
    const first = await api.get('/v1/fund/nav?symbol=510300.SH&as_of=2025-01-01');
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body).to.deep.equal({
      code: 200,
      message: 'success',
      pagination: pageOf(1, 2, 1000),
      data: [
        nav('2024-12-31', '2024-12-31', 3.9512, 4.2338, 353024000000, 4.3125),
        nav('2024-12-30', '2024-12-31', 3.9611, 4.2437, 353019855611.82, 4.3234),
      ],
    });
    const restated = await api.get('/v1/fund/nav?symbol=510300.SH&as_of=2025-01-02&begin_date=2024-12-31');
    expect(restated.body.data).to.deep.equal([nav('2024-12-31', '2025-01-02', 3.9514, 4.234, 353041870000, 4.3127)]);
    const before = await api.get('/v1/fund/nav?symbol=510300.SH&as_of=2024-12-30');
    expect(before.body).to.deep.equal({
      code: 404,
      error: 'no_data',
      message: 'No fund navs of 510300.SH for nav dates between 2023-12-31 and 2024-12-30 announced by 2024-12-30',
    });
    const day = await api.get('/v1/fund/nav?nav_date=2024-12-31&as_of=2025-01-02&limit=1');
    expect(day.body.data.map((row: { symbol: string }) => row.symbol)).to.deep.equal(['159919.SZ']);
    expect(day.body.pagination).to.deep.equal(pageOf(1, 2, 1));
  });
});
