import { expect } from 'chai';
import { pageOf } from '../support/pagination';
import { csvItems } from '../support/sampleRequests';
import { dataapi } from '../support/dataapi';
import { useSharedFixture } from '../support/fixture';
import { mcpClient, textOf } from '../support/mcpClient';

describe('datasets: every dataset route, one security over time and the whole market on a day (a period for shareholders), and its /dataapi round trip', () => {
  const api = useSharedFixture();
  const tushare = async (api_name: string, params: Record<string, string>) =>
    (await dataapi(api.baseUrl, api.key, api_name, params)).data;

  it('/v1/market/money-flow?symbol=: newest first, amounts from 10,000 yuan to yuan, volumes in lots', async () => {
    const { status, body } = await api.get(
      '/v1/market/money-flow?symbol=000001&begin_date=2024-12-30&end_date=2024-12-31',
    );
    expect(status, JSON.stringify(body)).to.equal(200);
    const row = (date: string, figures: number[]) => ({
      symbol: '000001.SZ',
      name: '平安银行',
      date,
      ...Object.fromEntries(
        ['buy_sm', 'sell_sm', 'buy_md', 'sell_md', 'buy_lg', 'sell_lg', 'buy_elg', 'sell_elg', 'net_mf'].flatMap(
          (name, i) => [
            [`${name}_vol`, figures[2 * i]],
            [`${name}_amount`, figures[2 * i + 1]],
          ],
        ),
      ),
    });
    expect(body).to.deep.equal({
      code: 200,
      message: 'success',
      pagination: pageOf(1, 2, 1000),
      data: [
        row(
          '2024-12-31',
          [
            120350, 143804500, 130200, 155613100, 60210, 71951200, 58800, 70273000, 30150, 36034300, 28900, 34541000,
            12010, 14353300, 11200, 13385000, 2850, 3401200,
          ],
        ),
        row(
          '2024-12-30',
          [
            98760, 117820700, 101230, 120782300, 45870, 54723500, 47120, 56214400, 21030, 25088800, 22340, 26651200,
            9120, 10880200, 8800, 10498500, -4550, -5430600,
          ],
        ),
      ],
    });
  });

  it('/v1/market/margin-detail?date=: the whole market of the day by symbol, yuan and shares as sent; with a symbol, its row', async () => {
    const { body } = await api.get('/v1/market/margin-detail?date=2024-12-31');
    expect(body.data).to.deep.equal([
      {
        symbol: '000001.SZ',
        name: '平安银行',
        date: '2024-12-31',
        rzye: 5123456789,
        rqye: 12345678,
        rzmre: 345678901,
        rqyl: 1056700,
        rzche: 298765432,
        rqchl: 20000,
        rqmcl: 30000,
        rzrqye: 5135802467,
      },
      {
        symbol: '600519.SH',
        name: '贵州茅台',
        date: '2024-12-31',
        rzye: 17654321098,
        rqye: 98765432,
        rzmre: 876543210,
        rqyl: 64800,
        rzche: 765432109,
        rqchl: 1200,
        rqmcl: 1500,
        rzrqye: 17753086530,
      },
    ]);
    const one = await api.get('/v1/market/margin-detail?date=2024-12-31&symbol=sh.600519');
    expect(one.body.data.map((row: { symbol: string }) => row.symbol)).to.deep.equal(['600519.SH']);
    const paged = await api.get('/v1/market/margin-detail?date=2024-12-31&limit=1&page=2');
    expect(paged.body.data.map((row: { symbol: string }) => row.symbol)).to.deep.equal(['600519.SH']);
    expect(paged.body.pagination).to.include({ total_items: 2, total_pages: 2, current_page: 2 });
  });

  it("the bundle import reads back on /dataapi equal to the CSV rows, in Tushare's units (moneyflow, margin_detail)", async () => {
    const flows = csvItems('moneyflow.csv');
    expect(
      await tushare('moneyflow', { ts_code: '000001.SZ', start_date: '20241230', end_date: '20241231' }),
    ).to.deep.equal({ ...flows, items: flows.items.filter((item) => item[0] === '000001.SZ'), has_more: false });
    const margins = csvItems('margin_detail.csv');
    expect(await tushare('margin_detail', { trade_date: '20241231' })).to.deep.equal({
      ...margins,
      items: margins.items.filter((item) => item[0] === '20241231'),
      has_more: false,
    });
  });

  it('/v1/market/northbound-holdings: per stock, day and channel, the code and channel as text; /dataapi hk_hold reads back the northbound CSV rows', async () => {
    const { body } = await api.get('/v1/market/northbound-holdings?date=2024-12-31');
    expect(body.data).to.deep.equal([
      {
        symbol: '000001.SZ',
        name: '平安银行',
        date: '2024-12-31',
        code: '70001',
        vol: 1035678912,
        ratio: 5.34,
        exchange: 'SZ',
      },
      {
        symbol: '600519.SH',
        name: '贵州茅台',
        date: '2024-12-31',
        code: '90519',
        vol: 86452100,
        ratio: 6.88,
        exchange: 'SH',
      },
    ]);
    const held = csvItems('hk_hold.csv');
    expect(await tushare('hk_hold', { trade_date: '20241231' })).to.deep.equal({
      ...held,
      items: held.items.filter((item) => item[1] === '20241231' && item[6] !== 'HK'),
      has_more: false,
    });
  });

  it("/v1/market/limit-list: the day's limit-up, limit-down and broken-limit stocks, times as text, one kind with limit_type; /dataapi limit_list_d reads back the CSV rows", async () => {
    const pingAn = { symbol: '000001.SZ', name: '平安银行', industry: '银行' };
    const up = {
      ...pingAn,
      date: '2024-12-31',
      close: 12.87,
      pct_chg: 10,
      amount: 2345678901,
      limit_amount: null,
      float_mv: 249700000000,
      total_mv: 249750000000,
      turnover_ratio: 0.94,
      fd_amount: 123456789,
      first_time: '093512',
      last_time: '101503',
      open_times: 2,
      up_stat: '3/5',
      limit_times: 2,
      limit: 'U',
    };
    const down = {
      symbol: '600519.SH',
      name: '贵州茅台',
      date: '2024-12-31',
      industry: '白酒',
      close: 1376.59,
      pct_chg: -10,
      amount: 8765432109,
      limit_amount: 3456789012,
      float_mv: 1729300000000,
      total_mv: 1729300000000,
      turnover_ratio: 0.51,
      fd_amount: null,
      first_time: null,
      last_time: '145502',
      open_times: 1,
      up_stat: '1/5',
      limit_times: 1,
      limit: 'D',
    };
    const broken = {
      ...pingAn,
      date: '2024-12-30',
      close: 11.7,
      pct_chg: 5.2,
      amount: 1890000000,
      limit_amount: null,
      float_mv: 227000000000,
      total_mv: 227050000000,
      turnover_ratio: 0.76,
      fd_amount: null,
      first_time: '094001',
      last_time: '094530',
      open_times: 3,
      up_stat: '2/5',
      limit_times: 0,
      limit: 'Z',
    };
    const { status, body } = await api.get('/v1/market/limit-list?date=2024-12-31');
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body).to.deep.equal({ code: 200, message: 'success', pagination: pageOf(1, 2, 1000), data: [up, down] });
    expect((await api.get('/v1/market/limit-list?date=2024-12-31&limit_type=D')).body.data).to.deep.equal([down]);
    expect(
      (await api.get('/v1/market/limit-list?symbol=000001&begin_date=2024-12-30&end_date=2024-12-31')).body.data,
    ).to.deep.equal([up, broken]);
    const wrongKind = await api.get('/v1/market/limit-list?date=2024-12-31&limit_type=X');
    expect([wrongKind.status, wrongKind.body.error]).to.deep.equal([400, 'invalid_parameter']);
    const listed = csvItems('limit_list_d.csv');
    expect(await tushare('limit_list_d', { trade_date: '20241231' })).to.deep.equal({
      ...listed,
      items: listed.items.filter((item) => item[0] === '20241231'),
      has_more: false,
    });
    expect(await tushare('limit_list_d', { trade_date: '20241231', limit_type: 'U' })).to.deep.equal({
      ...listed,
      items: listed.items.slice(0, 1),
      has_more: false,
    });
    expect(await tushare('limit_list_d', { trade_date: '20241231', exchange: 'SH' })).to.deep.equal({
      ...listed,
      items: listed.items.slice(1, 2),
      has_more: false,
    });
  });

  it('/v1/market/block-trades: several trades a day, volume in shares and value in yuan (from 10,000s); /dataapi block_trade reads back the CSV rows', async () => {
    const branch = '中信证券股份有限公司北京总部证券营业部';
    const trade = (vol: number, amount: number) => ({
      symbol: '600519.SH',
      name: '贵州茅台',
      date: '2024-12-31',
      price: 1450,
      vol,
      amount,
      buyer: '机构专用',
      seller: branch,
    });
    const { status, body } = await api.get('/v1/market/block-trades?date=2024-12-31');
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body).to.deep.equal({
      code: 200,
      message: 'success',
      pagination: pageOf(1, 2, 1000),
      data: [trade(8000, 11_600_000), trade(12_000, 17_400_000)],
    });
    const pingAn = await api.get('/v1/market/block-trades?symbol=000001&begin_date=2024-12-01&end_date=2024-12-31');
    expect(pingAn.body.data).to.deep.equal([
      {
        symbol: '000001.SZ',
        name: '平安银行',
        date: '2024-12-30',
        price: 11.5,
        vol: 1_500_000,
        amount: 17_250_000,
        buyer: '招商证券股份有限公司深圳蛇口工业七路证券营业部',
        seller: '机构专用',
      },
    ]);
    const trades = csvItems('block_trade.csv');
    expect(await tushare('block_trade', { trade_date: '20241231' })).to.deep.equal({
      ...trades,
      items: [trades.items[1], trades.items[0]],
      has_more: false,
    });
  });

  it('/v1/market/top-list: a stock once per reason; /v1/market/top-list-seats: both sides, one with side; /dataapi top_list and top_inst read back the CSV rows', async () => {
    const pingAn = { symbol: '000001.SZ', name: '平安银行', date: '2024-12-31' };
    const day = { close: 12.87, pct_change: 10, turnover_rate: 0.94, amount: 2345678901, float_values: 249700000000 };
    const { status, body } = await api.get('/v1/market/top-list?date=2024-12-31');
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body).to.deep.equal({
      code: 200,
      message: 'success',
      pagination: pageOf(1, 2, 1000),
      data: [
        {
          ...pingAn,
          ...day,
          l_sell: 123456789,
          l_buy: 345678901,
          l_amount: 469135690,
          net_amount: 222222112,
          net_rate: 9.47,
          amount_rate: 20,
          reason: '日涨幅偏离值达到7%的前5只证券',
        },
        {
          ...pingAn,
          ...day,
          l_sell: 150000000,
          l_buy: 300000000,
          l_amount: 450000000,
          net_amount: 150000000,
          net_rate: 6.39,
          amount_rate: 19.18,
          reason: '连续三个交易日内，涨幅偏离值累计达到20%的证券',
        },
      ].map(({ reason, ...row }) => ({ ...row, reason })),
    });
    const seat = (
      exalter: string,
      side: string,
      buy: number,
      buy_rate: number,
      sell: number,
      sell_rate: number,
      net_buy: number,
    ) => ({
      ...pingAn,
      exalter,
      side,
      buy,
      buy_rate,
      sell,
      sell_rate,
      net_buy,
      reason: '日涨幅偏离值达到7%的前5只证券',
    });
    const institution = (side: string) => seat('机构专用', side, 98765432.1, 4.21, 1234567, 0.05, 97530865.1);
    const seats = await api.get('/v1/market/top-list-seats?date=2024-12-31');
    expect(seats.body.data).to.deep.equal([
      seat('华泰证券股份有限公司上海武定路证券营业部', '0', 56789012, 2.42, 0, 0, 56789012),
      institution('0'),
      institution('1'),
    ]);
    expect((await api.get('/v1/market/top-list-seats?date=2024-12-31&side=1')).body.data).to.deep.equal([
      institution('1'),
    ]);
    const listed = csvItems('top_list.csv');
    expect(await tushare('top_list', { trade_date: '20241231' })).to.deep.equal({
      ...listed,
      items: listed.items.slice(0, 2),
      has_more: false,
    });
    const inst = csvItems('top_inst.csv');
    expect(await tushare('top_inst', { trade_date: '20241231', ts_code: '000001.SZ' })).to.deep.equal({
      ...inst,
      items: [inst.items[2], inst.items[0], inst.items[1]],
      has_more: false,
    });
    const undated = await dataapi(api.baseUrl, api.key, 'top_list', { ts_code: '000001.SZ' });
    expect(undated.code).to.not.equal(0);
  });

  it('/v1/stock/top-holders: point in time — a corrected list replaces the first only from its own announcement; largest first; the whole market of a period', async () => {
    const moutai = { symbol: '600519.SH', name: '贵州茅台' };
    const holder = (
      period: string,
      ann_date: string,
      holder_name: string,
      hold_amount: number,
      ratio: number,
      hold_change: number,
      holder_type: string,
    ) => ({
      ...moutai,
      period,
      ann_date,
      holder_name,
      hold_amount,
      hold_ratio: ratio,
      hold_float_ratio: ratio,
      hold_change,
      holder_type,
    });
    const group = (period: string, ann: string) =>
      holder(period, ann, '中国贵州茅台酒厂(集团)有限责任公司', 678291955, 54, 0, '国有法人股');
    const province = (ann: string) =>
      holder('2024-09-30', ann, '贵州省国有资本运营有限责任公司', 56996777, 4.54, 0, '国有法人股');
    const june = [
      group('2024-06-30', '2024-08-09'),
      holder('2024-06-30', '2024-08-09', '香港中央结算有限公司', 89021310, 7.09, 1500000, '境外法人股'),
    ];
    const year = '&begin_date=2024-01-01&end_date=2024-12-31';
    const { status, body } = await api.get(`/v1/stock/top-holders?symbol=600519${year}`);
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body).to.deep.equal({
      code: 200,
      message: 'success',
      pagination: pageOf(1, 5, 1000),
      data: [
        group('2024-09-30', '2024-11-05'),
        holder('2024-09-30', '2024-11-05', '香港中央结算有限公司', 87121310, 6.94, -1900000, '境外法人股'),
        province('2024-11-05'),
        ...june,
      ],
    });
    const before = await api.get(`/v1/stock/top-holders?symbol=600519${year}&as_of=2024-11-01`);
    expect(before.body.data).to.deep.equal([
      group('2024-09-30', '2024-10-26'),
      holder('2024-09-30', '2024-10-26', '香港中央结算有限公司', 87021310, 6.93, -2000000, '境外法人股'),
      province('2024-10-26'),
      ...june,
    ]);
    expect((await api.get(`/v1/stock/top-holders?symbol=600519${year}&as_of=2024-10-01`)).body.data).to.deep.equal(
      june,
    );
    const market = await api.get('/v1/stock/top-holders?period=2024-09-30');
    expect(
      market.body.data.map((row: { symbol: string; hold_amount: number }) => [row.symbol, row.hold_amount]),
    ).to.deep.equal([
      ['000001.SZ', 9618540236],
      ['600519.SH', 678291955],
      ['600519.SH', 87121310],
      ['600519.SH', 56996777],
    ]);
    const none = await api.get(
      '/v1/stock/top-holders?symbol=600519&begin_date=2024-01-01&end_date=2024-03-31&as_of=2024-12-31',
    );
    expect([none.status, none.body.error, none.body.message]).to.deep.equal([
      404,
      'no_data',
      'No top holders of 600519.SH for periods between 2024-01-01 and 2024-03-31 announced by 2024-12-31',
    ]);
    const neither = await api.get('/v1/stock/top-holders?as_of=2024-11-01');
    expect([neither.status, neither.body.error]).to.deep.equal([400, 'missing_parameter']);
  });

  it('/v1/stock/top-float-holders and /v1/stock/holder-count: by period and over time; /dataapi top10_holders, top10_floatholders and stk_holdernumber read back every announced version', async () => {
    const float = await api.get('/v1/stock/top-float-holders?symbol=000001&begin_date=2024-01-01&end_date=2024-12-31');
    expect(
      float.body.data.map((row: { period: string; ann_date: string }) => [row.period, row.ann_date]),
    ).to.deep.equal([
      ['2024-09-30', '2024-10-19'],
      ['2024-06-30', '2024-08-17'],
    ]);
    const counts = await api.get('/v1/stock/holder-count?period=2024-09-30');
    expect(counts.body.data).to.deep.equal([
      { symbol: '000001.SZ', name: '平安银行', period: '2024-09-30', ann_date: '2024-10-19', holder_num: 488611 },
      { symbol: '600519.SH', name: '贵州茅台', period: '2024-09-30', ann_date: '2024-10-26', holder_num: 184532 },
    ]);
    const pingAn = await api.get('/v1/stock/holder-count?symbol=000001.SZ&begin_date=2024-01-01&end_date=2024-12-31');
    expect(
      pingAn.body.data.map((row: { period: string; holder_num: number }) => [row.period, row.holder_num]),
    ).to.deep.equal([
      ['2024-10-10', 487002],
      ['2024-09-30', 488611],
    ]);
    const holders = csvItems('top10_holders.csv');
    const byVersion = (a: (string | number | null)[], b: (string | number | null)[]) =>
      String(b[2]).localeCompare(String(a[2])) ||
      String(b[1]).localeCompare(String(a[1])) ||
      Number(b[4]) - Number(a[4]);
    expect(await tushare('top10_holders', { ts_code: '600519.SH' })).to.deep.equal({
      ...holders,
      items: holders.items.filter((item) => item[0] === '600519.SH').sort(byVersion),
      has_more: false,
    });
    const floats = csvItems('top10_floatholders.csv');
    expect(await tushare('top10_floatholders', { ts_code: '000001.SZ', period: '20240630' })).to.deep.equal({
      ...floats,
      items: [floats.items[2]],
      has_more: false,
    });
    const numbers = csvItems('stk_holdernumber.csv');
    expect(await tushare('stk_holdernumber', { enddate: '20240930' })).to.deep.equal({
      ...numbers,
      items: [numbers.items[0], numbers.items[2]],
      has_more: false,
    });
  });

  it("/v1/concept/boards and /v1/concept/constituents: boards by kind and name; a board's members, a stock's boards, current unless include_past; /dataapi ths_index and ths_member", async () => {
    const robots = {
      board: '885800.TI',
      name: '人形机器人',
      type: 'N',
      exchange: 'A',
      count: 92,
      list_date: '2023-03-20',
    };
    const liquor = {
      board: '885338.TI',
      name: '白酒概念',
      type: 'N',
      exchange: 'A',
      count: 20,
      list_date: '2014-05-15',
    };
    const concepts = await api.get('/v1/concept/boards?type=N');
    expect(concepts.status, JSON.stringify(concepts.body)).to.equal(200);
    expect(concepts.body.data).to.deep.equal([liquor, robots]);
    expect((await api.get('/v1/concept/boards?name=机器人')).body.data).to.deep.equal([robots]);
    // A name's _ and % are letters, not LIKE's wildcards.
    expect((await api.get('/v1/concept/boards?name=_')).body.data).to.deep.equal([]);
    const member = (board: string, board_name: string, symbol: string, name: string, current: boolean) => ({
      board,
      board_name,
      symbol,
      name,
      current,
      weight: null,
      in_date: null,
      out_date: null,
    });
    expect((await api.get('/v1/concept/constituents?board=人形机器人')).body.data).to.deep.equal([
      member('885800.TI', '人形机器人', '000001.SZ', '平安银行', true),
    ]);
    expect((await api.get('/v1/concept/constituents?board=885800.TI&include_past=true')).body.data).to.deep.equal([
      member('885800.TI', '人形机器人', '000001.SZ', '平安银行', true),
      member('885800.TI', '人形机器人', '600519.SH', '贵州茅台', false),
    ]);
    expect((await api.get('/v1/concept/constituents?symbol=600519')).body.data).to.deep.equal([
      member('885338.TI', '白酒概念', '600519.SH', '贵州茅台', true),
    ]);
    const both = await api.get('/v1/concept/constituents?board=885800.TI&symbol=600519');
    expect([both.status, both.body.data]).to.deep.equal([200, []]);
    const unknown = await api.get('/v1/concept/constituents?board=不存在的概念');
    expect([unknown.status, unknown.body.error, unknown.body.message]).to.deep.equal([
      404,
      'no_data',
      'Unknown concept board: 不存在的概念',
    ]);
    const neither = await api.get('/v1/concept/constituents?include_past=true');
    expect([neither.status, neither.body.error]).to.deep.equal([400, 'missing_parameter']);
    const boards = csvItems('ths_index.csv');
    expect(await tushare('ths_index', { type: 'N' })).to.deep.equal({
      ...boards,
      items: [boards.items[1], boards.items[0]],
      has_more: false,
    });
    const members = csvItems('ths_member.csv');
    expect(await tushare('ths_member', { ts_code: '885800.TI' })).to.deep.equal({
      fields: members.fields.slice(0, 3),
      items: members.items.slice(0, 2).map((item) => item.slice(0, 3)),
      has_more: false,
    });
  });

  it("/v1/market/margin-summary: each exchange's totals, newest day first, one exchange with exchange; /dataapi margin reads back the CSV rows", async () => {
    const sse31 = {
      date: '2024-12-31',
      exchange_id: 'SSE',
      rzye: 967890123456,
      rzmre: 54321098765,
      rzche: 53210987654,
      rqye: 6543210987,
      rqmcl: 123456789,
      rzrqye: 974433334443,
      rqyl: 987654321,
    };
    const szse31 = {
      date: '2024-12-31',
      exchange_id: 'SZSE',
      rzye: 876543210987,
      rzmre: 43210987654,
      rzche: 42109876543,
      rqye: 4321098765,
      rqmcl: 98765432,
      rzrqye: 880864309752,
      rqyl: 765432109,
    };
    const sse30 = {
      date: '2024-12-30',
      exchange_id: 'SSE',
      rzye: 966779098765,
      rzmre: 51234567890,
      rzche: 50123456789,
      rqye: 6432109876,
      rqmcl: 111222333,
      rzrqye: 973211208641,
      rqyl: 976543210,
    };
    const { status, body } = await api.get('/v1/market/margin-summary?begin_date=2024-12-01&end_date=2024-12-31');
    expect(status, JSON.stringify(body)).to.equal(200);
    expect(body).to.deep.equal({
      code: 200,
      message: 'success',
      pagination: pageOf(1, 3, 1000),
      data: [sse31, szse31, sse30],
    });
    expect((await api.get('/v1/market/margin-summary?date=2024-12-31&exchange=SZSE')).body.data).to.deep.equal([
      szse31,
    ]);
    const totals = csvItems('margin.csv');
    expect(await tushare('margin', { exchange_id: 'SSE', start_date: '20241201', end_date: '20241231' })).to.deep.equal(
      { ...totals, items: [totals.items[0], totals.items[2]], has_more: false },
    );
  });

  it("MCP: get_market_dataset stores the whole market by default and answers one stock's rows in the reply", async () => {
    const client = await mcpClient(api.baseUrl, api.key);
    const moneyFlow = (args: Record<string, string>) =>
      client.callTool({ name: 'get_market_dataset', arguments: { dataset: 'money_flow', ...args } });
    try {
      const market = await moneyFlow({ date: '2024-12-31' });
      expect(textOf(market).split('\n')[0]).to.match(
        /^Stored 2 rows as table money_flow \(columns: symbol, name, date, buy_sm_vol/,
      );
      const one = await moneyFlow({ symbol: '000001', date: '20241231' });
      expect(textOf(one).split('\n').slice(0, 2)).to.deep.equal([
        'symbol,name,date,buy_sm_vol,buy_sm_amount,sell_sm_vol,sell_sm_amount,buy_md_vol,buy_md_amount,sell_md_vol,sell_md_amount,buy_lg_vol,buy_lg_amount,sell_lg_vol,sell_lg_amount,buy_elg_vol,buy_elg_amount,sell_elg_vol,sell_elg_amount,net_mf_vol,net_mf_amount',
        '000001.SZ,平安银行,2024-12-31,120350,143804500,130200,155613100,60210,71951200,58800,70273000,30150,36034300,28900,34541000,12010,14353300,11200,13385000,2850,3401200',
      ]);
      const unknown = await client.callTool({ name: 'get_market_dataset', arguments: { dataset: 'weather' } });
      expect([unknown.isError, textOf(unknown)]).to.deep.equal([
        true,
        'error invalid_parameter: dataset must be one of money_flow, margin_detail, northbound_holdings, margin_summary, limit_list, price_limits, block_trades, top_list, top_list_seats, fund_shares',
      ]);
    } finally {
      await client.close();
    }
  });

  it('neither symbol nor date → 400 missing_parameter; an unknown symbol → 400 invalid_symbol; an empty day → 404 no_data', async () => {
    const neither = await api.get('/v1/market/money-flow?begin_date=2024-12-30');
    expect([neither.status, neither.body.error]).to.deep.equal([400, 'missing_parameter']);
    const unknown = await api.get('/v1/market/money-flow?symbol=999999');
    expect([unknown.status, unknown.body.error]).to.deep.equal([400, 'invalid_symbol']);
    const empty = await api.get('/v1/market/money-flow?date=2024-06-03');
    expect([empty.status, empty.body.error, empty.body.message]).to.deep.equal([
      404,
      'no_data',
      'No money flows between 2024-06-03 and 2024-06-03',
    ]);
  });
});
