import { expect } from 'chai';
import { useSharedFixture } from '../support/fixture';
import { pageOf } from '../support/pagination';
import { loadReferenceFixtures, loadShenwanFixtures } from '../support/referenceData';
import { useKeyedServer } from '../support/server';
import { loadReferenceDataIfEmpty } from '../../src/ingest/demo';

const listed = (symbol: string, name: string, industry: string | null, listingDate: string, extra: object = {}) => ({
  symbol,
  name,
  current_symbol: symbol,
  kind: 'stock',
  exchange: symbol.endsWith('.SH') ? 'SSE' : 'SZSE',
  board: 'main',
  industry,
  industry_classification: industry === null ? null : 'stock_list',
  listing_date: listingDate,
  delisting_date: null,
  status: '上市',
  status_code: 'listed',
  ...extra,
});

describe('reference routes', () => {
  const api = useSharedFixture();

  describe('GET /v1/stock/list', () => {
    it('as of 2018-06-01: 000022.SZ under its own row, its successor 001872.SZ not counted twice', async () => {
      // SZSE main-board stocks listed on 2018-06-01, by code: 000021.SZ is 18th, 000022.SZ 19th of 1,376 (59 of them
      // named by Baostock's list of 2023 and gone from the Tushare list of 2026: delisted since, on a day neither gives).
      const { status, body } = await api.get(
        '/v1/stock/list?date=2018-06-01&exchange=SZSE&board=main&limit=3&offset=17',
      );
      expect(status).to.equal(200);
      expect(body).to.deep.equal({
        code: 200,
        message: 'success',
        data: [
          listed('000021.SZ', '深科技', '元器件', '1994-02-02'),
          { ...listed('000022.SZ', '深赤湾A', null, '1993-05-05'), delisting_date: '2018-12-26' },
          listed('000023.SZ', '深天地A', null, '1993-04-29'),
        ],
        pagination: pageOf(6, 1376, 3, 17),
      });
    });

    it('as of 2019-06-01 the security answers under 001872.SZ, and the old code is gone', async () => {
      const { body } = await api.get('/v1/stock/list?date=2019-06-01&exchange=SZSE&board=main&limit=1&offset=459');
      expect(body.data).to.deep.equal([listed('001872.SZ', '招商港口', '港口', '1993-05-05')]);
      expect(body.pagination.total_items).to.equal(1396);
    });

    it('the STAR board opened on 2019-07-22 with 25 stocks', async () => {
      const before = await api.get('/v1/stock/list?date=2019-07-19&board=star');
      expect(before.body.data).to.deep.equal([]);
      expect(before.body.pagination.total_items).to.equal(0);
      const opening = await api.get('/v1/stock/list?date=2019-07-22&board=star&limit=1');
      expect(opening.body.pagination.total_items).to.equal(25);
      expect(opening.body.data[0]).to.include({ symbol: '688001.SH', board: 'star', exchange: 'SSE' });
    });

    it('delisted stocks are listed with their delisting date and status 退市', async () => {
      const { body } = await api.get('/v1/stock/list?status=delisted&exchange=SZSE&limit=2');
      expect(body).to.deep.equal({
        code: 200,
        message: 'success',
        data: [
          {
            ...listed('000003.SZ', 'PT金田A', null, '1991-07-03'),
            delisting_date: '2002-06-14',
            status: '退市',
            status_code: 'delisted',
          },
          // Listed in Baostock's list of 2023, gone from the Tushare list of 2026: delisted, on a day neither gives.
          { ...listed('000005.SZ', 'ST星源', null, '1990-12-10'), status: '退市', status_code: 'delisted' },
        ],
        // 101 delisted SZSE stocks in Baostock's list, less 000022.SZ and 000043.SZ whose successors stand for them,
        // and the 81 SZSE stocks it lists that the Tushare list lacks.
        pagination: pageOf(1, 180, 2),
      });
    });

    it('filters by industry and by kind', async () => {
      const spirits = await api.get(`/v1/stock/list?industry=${encodeURIComponent('白酒')}&date=2000-01-01&limit=2`);
      expect(spirits.body.data.map((row: { symbol: string }) => row.symbol)).to.deep.equal(['000568.SZ', '000596.SZ']);
      expect(spirits.body.pagination.total_items).to.equal(11);
      const indices = await api.get('/v1/stock/list?kind=index&exchange=SSE&limit=1');
      expect(indices.body.data).to.deep.equal([
        {
          symbol: '000001.SH',
          name: '上证综合指数',
          current_symbol: '000001.SH',
          kind: 'index',
          exchange: 'SSE',
          board: null,
          industry: null,
          industry_classification: null,
          listing_date: '1991-07-15',
          delisting_date: null,
          status: '上市',
          status_code: 'listed',
        },
      ]);
      expect(indices.body.pagination.total_items).to.equal(229);
    });

    it('offset wins over page; a page past the end is an empty array', async () => {
      const byOffset = await api.get('/v1/stock/list?status=delisted&exchange=SZSE&limit=1&offset=1&page=7');
      expect(byOffset.body.data.map((row: { symbol: string }) => row.symbol)).to.deep.equal(['000005.SZ']);
      expect(byOffset.body.pagination).to.deep.equal(pageOf(2, 180, 1, 1));
      const past = await api.get('/v1/stock/list?status=delisted&exchange=SZSE&page=10');
      expect(past.status).to.equal(200);
      expect(past.body).to.deep.equal({ code: 200, message: 'success', data: [], pagination: pageOf(10, 180, 20) });
    });

    it('with a date, only listed counts', async () => {
      const { body } = await api.get('/v1/stock/list?date=2018-06-01&status=delisted');
      expect(body.data).to.deep.equal([]);
    });

    it('bad input answers in the envelope', async () => {
      for (const [query, error] of [
        ['date=2018-02-30', 'invalid_date_format'],
        ['board=gem', 'invalid_parameter'],
        ['status=gone', 'invalid_parameter'],
        ['limit=101', 'invalid_parameter'],
      ]) {
        const { status, body } = await api.get(`/v1/stock/list?${query}`);
        expect(status, query).to.equal(400);
        expect(body).to.include({ code: 400, error });
        expect(body.message).to.be.a('string');
      }
    });
  });

  describe('GET /v1/stock/listing-status', () => {
    it('merges halted days into periods over the calendar (the Spring Festival inside one halt)', async () => {
      const { status, body } = await api.get('/v1/stock/listing-status?symbol=000001');
      expect(status).to.equal(200);
      expect(body).to.deep.equal({
        code: 200,
        message: 'success',
        data: {
          symbol: '000001.SZ',
          name: '平安银行',
          listing_date: '1991-04-03',
          delisting_date: null,
          status: '上市',
          status_code: 'listed',
          names: [],
          code_changes: [],
          halts: [
            {
              start_date: '2024-02-08',
              end_date: '2024-02-19',
              resume_date: '2024-02-20',
              trading_days: 2,
              suspend_timing: null,
            },
            {
              start_date: '2024-03-01',
              end_date: '2024-03-01',
              resume_date: '2024-03-01',
              trading_days: 1,
              suspend_timing: '09:30-10:30',
            },
            {
              start_date: '2024-03-29',
              end_date: '2024-03-29',
              resume_date: null,
              trading_days: 1,
              suspend_timing: null,
            },
          ],
        },
      });
    });

    it('an old code answers for the current security, names over time counted once', async () => {
      const { body } = await api.get('/v1/stock/listing-status?symbol=000022.SZ,000003');
      expect(body.data).to.deep.equal([
        {
          symbol: '001872.SZ',
          requested_symbol: '000022.SZ',
          name: '招商港口',
          listing_date: '1993-05-05',
          delisting_date: null,
          status: '上市',
          status_code: 'listed',
          names: [
            {
              symbol: '001872.SZ',
              name: '深赤湾A',
              start_date: '1993-05-05',
              end_date: '2018-12-25',
              announcement_date: '1993-05-05',
              reason: null,
            },
            {
              symbol: '001872.SZ',
              name: '招商港口',
              start_date: '2018-12-26',
              end_date: null,
              announcement_date: '2018-12-24',
              reason: '改名',
            },
          ],
          code_changes: [
            {
              old_symbol: '000022.SZ',
              new_symbol: '001872.SZ',
              change_date: '2018-12-26',
              reason: 'absorption by merger (深赤湾A absorbed China Merchants Port and became 招商港口)',
            },
          ],
          halts: [],
        },
        {
          symbol: '000003.SZ',
          name: 'PT金田A',
          listing_date: '1991-07-03',
          delisting_date: '2002-06-14',
          status: '退市',
          status_code: 'delisted',
          names: [],
          code_changes: [],
          halts: [],
        },
      ]);
    });

    it('unknown and malformed symbols → invalid_symbol', async () => {
      for (const symbol of ['999999.SH', 'abc']) {
        const { status, body } = await api.get(`/v1/stock/listing-status?symbol=${symbol}`);
        expect(status).to.equal(400);
        expect(body.error).to.equal('invalid_symbol');
        expect(body.message).to.contain(symbol === 'abc' ? 'abc' : '999999.SH');
      }
    });
  });

  describe('GET /v1/stock/code-change', () => {
    const port = {
      old_symbol: '000022.SZ',
      new_symbol: '001872.SZ',
      change_date: '2018-12-26',
      reason: 'absorption by merger (深赤湾A absorbed China Merchants Port and became 招商港口)',
    };
    const property = {
      old_symbol: '000043.SZ',
      new_symbol: '001914.SZ',
      change_date: '2019-12-16',
      reason: 'restructuring (中航善达 became 招商积余 under a new code)',
    };

    it('all changes, newest first', async () => {
      expect((await api.get('/v1/stock/code-change')).body).to.deep.equal({
        code: 200,
        message: 'success',
        data: [property, port],
      });
    });

    it('by an old or a new code, and by change date', async () => {
      expect((await api.get('/v1/stock/code-change?symbol=000022')).body.data).to.deep.equal([port]);
      expect((await api.get('/v1/stock/code-change?symbol=sz.001914')).body.data).to.deep.equal([property]);
      expect((await api.get('/v1/stock/code-change?begin_date=2019-01-01')).body.data).to.deep.equal([property]);
      expect((await api.get('/v1/stock/code-change?end_date=2019-01-01')).body.data).to.deep.equal([port]);
      expect((await api.get('/v1/stock/code-change?symbol=600519')).body.data).to.deep.equal([]);
    });

    it('errors', async () => {
      const unknown = await api.get('/v1/stock/code-change?symbol=999999.SH');
      expect(unknown.body).to.deep.equal({ code: 400, message: 'Unknown symbol: 999999.SH', error: 'invalid_symbol' });
      expect((await api.get('/v1/stock/code-change?begin_date=20190101')).body.error).to.equal('invalid_date_format');
    });
  });

  describe('GET /v1/indices/constituents', () => {
    it('a date between two snapshots gives the earlier one (real CSI 300 weights)', async () => {
      const { body } = await api.get('/v1/indices/constituents?index=399300.SZ&date=2023-12-15&limit=2');
      expect(body).to.deep.equal({
        code: 200,
        message: 'success',
        data: [
          { index: '399300.SZ', trade_date: '2023-11-30', symbol: '600519.SH', name: '贵州茅台', weight: 6.531 },
          { index: '399300.SZ', trade_date: '2023-11-30', symbol: '601318.SH', name: '中国平安', weight: 2.565 },
        ],
        pagination: pageOf(1, 300, 2),
      });
    });

    it('the default date is today: the latest snapshot', async () => {
      const { body } = await api.get('/v1/indices/constituents?index=sz.399300&limit=3');
      expect(
        body.data.map((row: { symbol: string; weight: number; trade_date: string }) => [
          row.trade_date,
          row.symbol,
          row.weight,
        ]),
      ).to.deep.equal([
        ['2024-01-02', '600519.SH', 6.1717],
        ['2024-01-02', '601318.SH', 2.4772],
        ['2024-01-02', '300750.SZ', 2.4139],
      ]);
    });

    it('offset wins over page; past the end is empty', async () => {
      const byOffset = await api.get(
        '/v1/indices/constituents?index=399300.SZ&date=2024-01-02&limit=1&offset=1&page=9',
      );
      expect(byOffset.body.data.map((row: { symbol: string }) => row.symbol)).to.deep.equal(['601318.SH']);
      expect(byOffset.body.pagination).to.deep.equal(pageOf(2, 300, 1, 1));
      const past = await api.get('/v1/indices/constituents?index=399300.SZ&page=16');
      expect(past.body.data).to.deep.equal([]);
      expect(past.body.pagination).to.deep.equal(pageOf(16, 300, 20));
    });

    it('errors: before the first snapshot → no_data; unknown index → invalid_symbol', async () => {
      expect((await api.get('/v1/indices/constituents?index=399300.SZ&date=2023-11-29')).body).to.deep.equal({
        code: 404,
        message: 'No constituent snapshot of 399300.SZ on or before 2023-11-29',
        error: 'no_data',
      });
      expect((await api.get('/v1/indices/constituents?index=399999.SZ')).body).to.deep.equal({
        code: 400,
        message: 'Unknown index: 399999.SZ',
        error: 'invalid_symbol',
      });
      expect((await api.get('/v1/indices/constituents?index=300')).body.error).to.equal('invalid_symbol');
      expect((await api.get('/v1/indices/constituents?index=399300.SZ&date=2024-13-01')).body.error).to.equal(
        'invalid_date_format',
      );
    });
  });

  describe('GET /v1/industry/constituents', () => {
    const member = (symbol: string, name: string, extra: object) => ({ symbol, name, ...extra });

    it('without Shenwan data: the stock list industry, listed on the day', async () => {
      const list = {
        industry_code: null,
        industry_name: '白酒',
        level: 1,
        in_date: null,
        out_date: null,
        source: 'stock_list',
      };
      const { body } = await api.get(
        `/v1/industry/constituents?industry=${encodeURIComponent('白酒')}&date=2000-01-01&limit=3`,
      );
      // Listed before 2000: 000568 000596 000799 000858 000860 600197 600199 600696 600702 600779 600809.
      expect(body).to.deep.equal({
        code: 200,
        message: 'success',
        data: [
          member('000568.SZ', '泸州老窖', list),
          member('000596.SZ', '古井贡酒', list),
          member('000799.SZ', '酒鬼酒', list),
        ],
        pagination: pageOf(1, 11, 3),
      });
      const unknown = await api.get(`/v1/industry/constituents?industry=${encodeURIComponent('白酒')}&level=2`);
      expect(unknown.body).to.deep.equal({ code: 404, message: 'Unknown industry: 白酒', error: 'no_data' });
    });

    describe('with Shenwan membership intervals', () => {
      // A store of its own: the shared one has no Shenwan rows (the routes above read the list's industries).
      const api = useKeyedServer(async (db) => {
        await loadReferenceDataIfEmpty(db);
        await loadReferenceFixtures(db);
        await loadShenwanFixtures(db);
      });
      const sw = (code: string, name: string, level: number, inDate: string, outDate: string | null) => ({
        industry_code: code,
        industry_name: name,
        level,
        in_date: inDate,
        out_date: outDate,
        source: 'sw2021',
      });

      it("a past date gives that day's members (level 1 by name)", async () => {
        const { body } = await api.get(
          `/v1/industry/constituents?industry=${encodeURIComponent('食品饮料')}&date=2020-06-01`,
        );
        expect(body).to.deep.equal({
          code: 200,
          message: 'success',
          data: [
            member('000858.SZ', '五粮液', sw('801120.SI', '食品饮料', 1, '2014-02-21', null)),
            member('600519.SH', '贵州茅台', sw('801120.SI', '食品饮料', 1, '2014-02-21', null)),
          ],
          pagination: pageOf(1, 2, 20),
        });
      });

      it('level 2 by code on the day before a member left; level 3 today', async () => {
        const before = await api.get('/v1/industry/constituents?industry=801125.SI&level=2&date=2019-12-31');
        expect(
          before.body.data.map((row: { symbol: string; out_date: string | null }) => [row.symbol, row.out_date]),
        ).to.deep.equal([
          ['000858.SZ', null],
          ['600519.SH', null],
          ['600809.SH', '2020-01-01'],
        ]);
        const today = await api.get(`/v1/industry/constituents?industry=${encodeURIComponent('白酒Ⅲ')}`);
        expect(today.body.data).to.deep.equal([
          member('000858.SZ', '五粮液', sw('850111.SI', '白酒Ⅲ', 3, '2014-02-21', null)),
          member('600519.SH', '贵州茅台', sw('850111.SI', '白酒Ⅲ', 3, '2014-02-21', null)),
          member('600809.SH', '山西汾酒', sw('850111.SI', '白酒Ⅲ', 3, '2021-07-30', null)),
        ]);
      });

      it('an industry not in the classification → no_data', async () => {
        for (const query of [
          `industry=${encodeURIComponent('银行')}`,
          `industry=${encodeURIComponent('食品饮料')}&level=2`,
        ]) {
          const { status, body } = await api.get(`/v1/industry/constituents?${query}`);
          expect(status).to.equal(404);
          expect(body.error).to.equal('no_data');
        }
        expect((await api.get('/v1/industry/constituents?industry=x&level=4')).body.error).to.equal(
          'invalid_parameter',
        );
      });
    });
  });
});
