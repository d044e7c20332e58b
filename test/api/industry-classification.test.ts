import { expect } from 'chai';
import { flatBar, insertSecurities, loadCalendar } from '../support/marketData';
import { loadShenwanFixtures } from '../support/referenceData';
import { useKeyedServer } from '../support/server';

/**
 * basic-info's industry and subindustry as of `date`: test/fixtures/reference/sw (600809.SH 山西汾酒 out of
 * 白酒Ⅲ from 2020-01-01 to 2021-07-30) and a reclassification in doc 335's columns, shaped as Shenwan's 2021
 * change (电气设备 renamed 电力设备, its stocks regrouped; codes and dates of this test).
 */
describe('basic-info, search, the stock list and the cross-section: the Shenwan industry a stock was in on the day asked, else the stock list label', () => {
  const api = useKeyedServer(async (db) => {
    await insertSecurities(db, [
      { ts_code: '601012.SH', name: '隆基绿能' },
      { ts_code: '600809.SH', name: '山西汾酒' },
      { ts_code: '000001.SZ', name: '平安银行' },
    ]);
    await db('securities').where({ ts_code: '601012.SH' }).update({ list_date: '2012-04-11' });
    await db('securities').where({ ts_code: '600809.SH' }).update({ industry: '白酒' });
    await db('securities').where({ ts_code: '000001.SZ' }).update({ industry: '银行' });
    await loadShenwanFixtures(db);
    await loadCalendar(db, '2024-01-02', '2024-01-05');
    await db('daily_bars').insert(
      [
        ['601012.SH', 22.5],
        ['600809.SH', 230.1],
        ['000001.SZ', 9.2],
      ].map(([code, close]) => flatBar(code as string, '2024-01-03', close as number)),
    );
    const member = { ts_code: '601012.SH', name: '隆基绿能', l1_code: '801730.SI' };
    await db('industry_members').insert([
      {
        ...member,
        l1_name: '电气设备',
        l2_code: '801731.SI',
        l2_name: '电机Ⅱ',
        l3_code: '850741.SI',
        l3_name: '电机Ⅲ',
        in_date: '2012-04-11',
        out_date: '2021-07-30',
      },
      {
        ...member,
        l1_name: '电力设备',
        l2_code: '801735.SI',
        l2_name: '光伏设备',
        l3_code: '857351.SI',
        l3_name: '硅料硅片',
        in_date: '2021-07-30',
        out_date: null,
      },
    ]);
  }, 'enterprise');

  const industryOf = async (symbol: string, date?: string) => {
    const { status, body } = await api.get(
      `/v1/stock/basic-info?symbol=${symbol}${date ? `&date=${date}` : ''}&fields=symbol,industry,subindustry,industry_classification`,
    );
    expect(status, `${symbol} ${date}`).to.equal(200);
    return body.data;
  };

  it('a reclassified stock answers its former industry before the change and its new one from the day it took effect', async () => {
    const before = {
      symbol: '601012.SH',
      industry: '电气设备',
      subindustry: '电机Ⅱ',
      industry_classification: 'sw2021',
    };
    const after = {
      symbol: '601012.SH',
      industry: '电力设备',
      subindustry: '光伏设备',
      industry_classification: 'sw2021',
    };
    expect(await industryOf('601012', '2020-06-30')).to.deep.equal(before);
    expect(await industryOf('601012', '2021-07-29')).to.deep.equal(before);
    expect(await industryOf('601012', '2021-07-30')).to.deep.equal(after);
    expect(await industryOf('601012')).to.deep.equal(after);
  });

  it('a day outside every membership, or a stock Shenwan does not classify, answers the stock list label and says so', async () => {
    expect(await industryOf('600809', '2020-06-30')).to.deep.equal({
      symbol: '600809.SH',
      industry: '白酒',
      subindustry: null,
      industry_classification: 'stock_list',
    });
    expect(await industryOf('600809', '2021-08-02')).to.deep.include({ industry: '食品饮料', subindustry: '白酒Ⅱ' });
    expect(await industryOf('000001')).to.deep.equal({
      symbol: '000001.SZ',
      industry: '银行',
      subindustry: null,
      industry_classification: 'stock_list',
    });
  });

  it("search items answer today's industry the same way", async () => {
    const items = async (keyword: string) => (await api.get(`/v1/stock/search?keyword=${keyword}`)).body.data;
    expect(await items('601012')).to.deep.equal([
      {
        symbol: '601012',
        name: '隆基绿能',
        exchange: 'SSE',
        standard_symbol: '601012.SH',
        industry: '电力设备',
        industry_classification: 'sw2021',
      },
    ]);
    expect(await items('000001')).to.deep.include({
      symbol: '000001',
      name: '平安银行',
      exchange: 'SZSE',
      standard_symbol: '000001.SZ',
      industry: '银行',
      industry_classification: 'stock_list',
    });
  });

  it('the stock list filters by a Shenwan industry, code or name of any level, as of its date, else by the label', async () => {
    const listed = async (query: string) =>
      (await api.get(`/v1/stock/list?${query}`)).body.data.map(
        (row: { symbol: string; industry: string | null; industry_classification: string | null }) => [
          row.symbol,
          row.industry,
          row.industry_classification,
        ],
      );
    expect(await listed('industry=电力设备')).to.deep.equal([['601012.SH', '电力设备', 'sw2021']]);
    // A name names its industry's index code: 801730.SI, 电气设备 then and 电力设备 now; its members of the day.
    const then = [['601012.SH', '电气设备', 'sw2021']];
    expect(await listed(`industry=${encodeURIComponent('801730.SI')}&date=2020-06-30`)).to.deep.equal(then);
    expect(await listed('industry=电气设备&date=2020-06-30')).to.deep.equal(then);
    expect(await listed('industry=电力设备&date=2020-06-30')).to.deep.equal(then);
    // 光伏设备 (801735.SI) had no member yet in 2020.
    expect(await listed('industry=光伏设备&date=2020-06-30')).to.deep.equal([]);
    expect(await listed('industry=光伏设备')).to.deep.equal([['601012.SH', '电力设备', 'sw2021']]);
    expect(await listed('industry=银行')).to.deep.equal([['000001.SZ', '银行', 'stock_list']]);
  });

  it("the whole-market cross-section keeps a Shenwan industry's members of the day, else the label's stocks", async () => {
    const symbols = async (query: string) => {
      const { status, body } = await api.get(`/v1/market/cross-section?date=2024-01-03&fields=close&${query}`);
      return status === 200 ? body.data.securities.map((row: { symbol: string }) => row.symbol) : body.error;
    };
    expect(await symbols('')).to.deep.equal(['000001.SZ', '600809.SH', '601012.SH']);
    expect(await symbols('industry=电力设备')).to.deep.equal(['601012.SH']);
    expect(await symbols(`industry=${encodeURIComponent('801125.SI')}`)).to.deep.equal(['600809.SH']);
    expect(await symbols('industry=银行')).to.deep.equal(['000001.SZ']);
    expect(await symbols('industry=光伏设备&adjusted=true')).to.deep.equal(['601012.SH']);
    expect(await symbols('industry=电机Ⅱ')).to.equal('no_data');
  });

  it('a malformed date is refused', async () => {
    const { status, body } = await api.get('/v1/stock/basic-info?symbol=601012&date=2021-13-01');
    expect([status, body.error]).to.deep.equal([400, 'invalid_date_format']);
  });
});
