import { expect } from 'chai';
import { importBundle } from '../../src/ingest/bundle';
import { runAudit } from '../../src/audit/runAudit';
import { useTestDb } from '../support/testDb';
import { csv, writeBundle } from './support/bundle';

const SESSIONS = ['20240102', '20240103', '20240104', '20240105'];
const FUND_HEADER = 'ts_code,name,fund_type,list_date,benchmark,status,market';
const CB_HEADER = 'ts_code,bond_short_name,stk_code,par,issue_price,list_date,first_conv_price,conv_price';
const BAR_HEADER = 'ts_code,trade_date,open,high,low,close,pre_close,change,pct_chg,vol,amount';

/** A day's bar of a security: its prices, lots and amount (thousand yuan for a fund, ten thousand for a bond). */
const bar = (code: string, day: string, [open, high, low, close, preClose]: number[], vol: number, amount: number) =>
  [code, day, open, high, low, close, preClose, 0, 0, vol, amount].join(',');

/** Four quiet sessions but one, whose high and close are `jump` × the previous close. */
function series(code: string, start: number, jump: number | null, amountOf: (price: number, vol: number) => number) {
  let previous = start;
  return SESSIONS.map((day, i) => {
    const close = +(previous * (i === 2 && jump !== null ? jump : 1.001)).toFixed(3);
    const low = +(Math.min(previous, close) * 0.999).toFixed(3);
    const line = bar(
      code,
      day,
      [previous, close, low, close, previous],
      1000 + i,
      amountOf((close + low) / 2, 1000 + i),
    );
    previous = close;
    return line;
  });
}

const fundAmount = (price: number, vol: number) => +((price * vol * 100) / 1000).toFixed(4);
const bondAmount = (price: number, vol: number) => +((price * vol * 10) / 10_000).toFixed(4);

describe('audit of ETFs and convertible bonds: each by its own limits, tick and lot', () => {
  const testDb = useTestDb();

  it('finds a plain ETF past +10 % and a bond past +20 %, not a ChiNext ETF at +15 % nor a new bond at +50 % of par', async () => {
    const bundle = writeBundle({
      'trade_cal.csv': csv('exchange,cal_date,is_open', ...SESSIONS.map((day) => `SSE,${day},1`)),
      'fund_basic.csv': csv(
        FUND_HEADER,
        '159919.SZ,沪深300ETF嘉实,股票型,20120528,沪深300指数,L,E',
        '159915.SZ,创业板ETF易方达,股票型,20111209,创业板指数收益率,L,E',
      ),
      'cb_basic.csv': csv(
        CB_HEADER,
        '113050.SH,南银转债,601009.SH,100,100,20210707,10.1,8.9',
        '123999.SZ,示例转债,000001.SZ,100,100,20240103,11.5,11.5',
      ),
      'fund_daily.csv': csv(
        BAR_HEADER,
        ...series('159919.SZ', 3.6, 1.105, fundAmount),
        ...series('159915.SZ', 2.1, 1.15, fundAmount),
      ),
      'cb_daily.csv': csv(
        BAR_HEADER,
        ...series('113050.SH', 120.512, 1.25, bondAmount),
        // Its first session the 3rd at 150 on par (+50 %, within +57.3 %), then quiet.
        bar('123999.SZ', '20240103', [130, 150, 128, 150, 100], 50_000, bondAmount(140, 50_000)),
        bar('123999.SZ', '20240104', [150, 151, 149.5, 150.2, 150], 20_000, bondAmount(150.1, 20_000)),
        bar('123999.SZ', '20240105', [150.2, 151, 149.8, 150.5, 150.2], 20_000, bondAmount(150.4, 20_000)),
      ),
    });
    try {
      await importBundle(testDb.db, bundle.dir);
      const symbols = ['159915.SZ', '159919.SZ', '113050.SH', '123999.SZ'];
      const summary = await runAudit(testDb.db, { symbols, now: new Date('2024-01-06T10:00:00Z') });
      expect(
        summary.findings.map(({ check, symbol, date, detail }) => ({ check, symbol, date, detail })),
      ).to.deep.equal([
        {
          check: 'limit_breach',
          symbol: '113050.SH',
          date: '2024-01-04',
          // Closes 120.512 → 120.633 → 120.754 (+0.1 % a day at the tick), then × 1.25 = 150.9425; its limits
          // 120.754 × 1.2 = 144.9048 and × 0.8 = 96.6032; its low 120.754 × 0.999 = 120.633.
          detail: {
            pre_close: 120.754,
            limit_ratio: 0.2,
            limit_up: 144.905,
            limit_down: 96.603,
            high: 150.942,
            low: 120.633,
            close: 150.942,
          },
        },
        {
          check: 'limit_breach',
          symbol: '159919.SZ',
          date: '2024-01-04',
          // Closes 3.600 → 3.604 → 3.608, then × 1.105 = 3.98684; its limits 3.608 × 1.1 = 3.9688 and
          // × 0.9 = 3.2472; its low 3.608 × 0.999 = 3.604.
          detail: {
            pre_close: 3.608,
            limit_ratio: 0.1,
            limit_up: 3.969,
            limit_down: 3.247,
            high: 3.987,
            low: 3.604,
            close: 3.987,
          },
        },
      ]);
      expect(summary.securities).to.equal(4);
    } finally {
      bundle.remove();
    }
  });
});

describe('audit of the instruments fixture', () => {
  const testDb = useTestDb();

  it("raises nothing: an ETF's split (its factor and pre_close step together), a bond's lot of ten and its amount in ten thousand yuan", async () => {
    await importBundle(testDb.db, 'test/fixtures/instruments');
    const summary = await runAudit(testDb.db, { now: new Date('2024-06-15T10:00:00Z') });
    expect(summary.findings).to.deep.equal([]);
    expect(summary.securities).to.equal(4);
  });
});

describe("audit of a fund's distribution (fund_div): its ex-date's pre_close and factor", () => {
  const testDb = useTestDb();
  // 159919.SZ pays 0.05 yuan a unit ex 2024-01-04 (invented): the ex-reference is 3.604 − 0.05 = 3.554, and the
  // factor steps by 3.604 ÷ 3.554.
  const fundBundle = (exPreClose: number, exFactor: number) =>
    writeBundle({
      'trade_cal.csv': csv('exchange,cal_date,is_open', ...SESSIONS.map((day) => `SSE,${day},1`)),
      'fund_basic.csv': csv(FUND_HEADER, '159919.SZ,沪深300ETF嘉实,股票型,20120528,沪深300指数,L,E'),
      'fund_daily.csv': csv(
        BAR_HEADER,
        bar('159919.SZ', '20240102', [3.6, 3.61, 3.59, 3.6, 3.6], 1000, fundAmount(3.6, 1000)),
        bar('159919.SZ', '20240103', [3.6, 3.61, 3.59, 3.604, 3.6], 1000, fundAmount(3.6, 1000)),
        bar('159919.SZ', '20240104', [3.554, 3.56, 3.55, 3.556, exPreClose], 1000, fundAmount(3.555, 1000)),
        bar('159919.SZ', '20240105', [3.556, 3.56, 3.55, 3.556, 3.556], 1000, fundAmount(3.555, 1000)),
      ),
      'fund_adj.csv': csv(
        'ts_code,trade_date,adj_factor',
        ...SESSIONS.map((day, i) => `159919.SZ,${day},${i < 2 ? 1 : exFactor}`),
      ),
      // Doc 120's columns; the implementation's stage 实施.
      'fund_div.csv': csv(
        'ts_code,ann_date,imp_anndate,base_date,div_proc,record_date,ex_date,pay_date,earpay_date,net_ex_date,div_cash,base_unit,ear_distr,ear_amount,account_date,base_year',
        '159919.SZ,20231228,20231228,20231220,实施,20240103,20240104,20240109,,20240103,0.0500,1000000.0000,,,,2023',
      ),
    });
  const audit = async (exPreClose: number, exFactor: number) => {
    const bundle = fundBundle(exPreClose, exFactor);
    try {
      await importBundle(testDb.db, bundle.dir);
      const summary = await runAudit(testDb.db, { now: new Date('2024-01-06T10:00:00Z') });
      return summary.findings.map(({ check, date, detail }) => [check, date, detail.ex_reference]);
    } finally {
      bundle.remove();
    }
  };

  it('its pre_close cut by the cash and its factor stepped: nothing; neither: both found', async () => {
    expect(await audit(3.554, 1.014069)).to.deep.equal([]);
    // A fund holds none of its units: the reference is the whole distribution's, no treasury-share range.
    expect(await audit(3.604, 1)).to.deep.equal([
      ['pre_close_mismatch', '2024-01-04', 3.554],
      ['event_without_factor_step', '2024-01-04', 3.554],
    ]);
    expect(await audit(3.559, 1.014069)).to.deep.equal([['pre_close_mismatch', '2024-01-04', 3.554]]);
  });
});
