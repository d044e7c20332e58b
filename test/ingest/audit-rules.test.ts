import { expect } from 'chai';
import { importBundle } from '../../src/ingest/bundle';
import { runAudit } from '../../src/audit/runAudit';
import { rejectionLines } from '../../src/loaders/loaderTypes';
import { useTestDb } from '../support/testDb';
import { csv, DAILY_HEADER, writeBundle } from './support/bundle';
import { barLines, factorLines, flat, SESSIONS, sessionsFrom, span, type Series } from './support/ruleSeries';

// Main-board risk warning between the draft's date and the rules' (2025-07-07 .. 2026-07-05): ±5 %, +7 % breaches.
const stBetween: Series = {
  code: '600101.SH',
  days: sessionsFrom('20251201', 5),
  closes: [10, 10, 10.7, 10.7, 10.7],
};
// Risk warning on both sides of the revised Trading Rules of 2026-07-06: +7 % on Friday the 3rd breaches ±5 %,
// +7 % on Wednesday the 8th is within ±10 %.
const stAcross: Series = {
  code: '600102.SH',
  days: sessionsFrom('20260701', 8),
  closes: [10, 10, 10.7, 10.7, 10.7, 11.45, 11.45, 11.45],
};
// Delisting arrangement from Monday 2024-05-13 (退市丙): its first session has no limit (−40 %), its second
// ±10 % (−11 % breaches).
const delisting: Series = {
  code: '600103.SH',
  days: sessionsFrom('20240506', 8),
  closes: [10, 10, 10, 10, 10, 6, 5.34, 5.34],
};
// A REIT's first day (2024-05-20): ±30 % of its offer price 3.000 (+25 %), then ±10 % (+12 % breaches).
const reit: Series = {
  code: '508001.SH',
  days: sessionsFrom('20240520', 4),
  first: 3,
  closes: [3.75, 4.2, 4.2, 4.2],
};
// ST until 2024-02-29, sent twice (once without an end: tushare #895, #1647), then its own name from 2024-03-01:
// +7 % on 2024-02-27 breaches ±5 %, +7 % on 2024-03-05 is within ±10 %.
const namedTwice: Series = {
  code: '600105.SH',
  days: sessionsFrom('20240226', 10),
  closes: [10, 10.7, 10.7, 10.7, 10.7, 10.7, 11.45, 11.45, 11.45, 11.45],
};
// An ex-date (2024-03-06, 0.50 yuan) inside a halt (03-05 to 03-07): the resumption on 03-08 opens at the
// ex-reference 9.50 and the factor steps then (10 ÷ 9.5).
const exInHalt: Series = {
  code: '600106.SH',
  days: ['20240301', '20240304', '20240308', '20240311'],
  closes: [10, 10, 9.5, 9.5],
  preCloses: { '20240308': 9.5 },
  factorFrom: { day: '20240308', factor: 1.052632 },
};
// 0.30 yuan ex 2024-03-08 on a 10-yuan stock whose pre_close and factor both stay: the distribution moved nothing.
const movedNothing: Series = { code: '600107.SH', days: sessionsFrom('20240304', 8), closes: flat(8) };

const STOCKS = [stBetween, stAcross, delisting, namedTwice, exInHalt, movedNothing];

function rulesBundle() {
  return writeBundle({
    'stock_basic.csv': csv(
      'ts_code,symbol,name,market,list_status,list_date',
      '600101.SH,600101,ST甲,主板,L,20100104',
      '600102.SH,600102,*ST乙,主板,L,20100104',
      '600103.SH,600103,退市丙,主板,L,20100104',
      '600105.SH,600105,丁股份,主板,L,20100104',
      '600106.SH,600106,戊股份,主板,L,20100104',
      '600107.SH,600107,己股份,主板,L,20100104',
    ),
    'namechange.csv': csv(
      'ts_code,name,start_date,end_date,ann_date',
      '600101.SH,ST甲,20200101,,20191231',
      '600102.SH,*ST乙,20200101,,20191231',
      '600103.SH,丙股份,20100104,20240512,',
      '600103.SH,退市丙,20240513,,20240510',
      '600105.SH,ST丁,20230101,20240229,20221230',
      '600105.SH,ST丁,20230101,,20221230',
      '600105.SH,丁股份,20240301,,20240229',
    ),
    'fund_basic.csv': csv(
      'ts_code,name,fund_type,list_date,issue_date,benchmark,status,market',
      '508001.SH,浙商沪杭甬REIT,REITs,20240520,20240510,,L,E',
    ),
    'trade_cal.csv': csv('exchange,cal_date,is_open', ...SESSIONS.map((day) => `SSE,${day},1`)),
    'daily.csv': csv(DAILY_HEADER, ...STOCKS.flatMap(barLines)),
    'adj_factor.csv': csv('ts_code,trade_date,adj_factor', ...STOCKS.flatMap(factorLines)),
    'fund_daily.csv': csv(DAILY_HEADER, ...barLines(reit)),
    'fund_adj.csv': csv('ts_code,trade_date,adj_factor', ...factorLines(reit)),
    'dividend.csv': csv(
      'ts_code,end_date,div_proc,cash_div,cash_div_tax,stk_div,ex_date',
      '600106.SH,20231231,实施,0.5,0.5,0,20240306',
      '600107.SH,20231231,实施,0.3,0.3,0,20240308',
    ),
    'suspend_d.csv': csv(
      'ts_code,trade_date,suspend_type',
      ...['20240305', '20240306', '20240307'].map((day) => `600106.SH,${day},S`),
    ),
    // Each security over the sessions it trades: no session is partial.
    'universe.csv': csv(
      'scope,code,start_date,end_date',
      ...[...STOCKS, reit].map((series) => `security,${series.code},${span(series)}`),
    ),
  });
}

/** +7 % from 10.00 under risk warning's ±5 %: past 10.50, limited at 9.50 below. */
const FIVE_PERCENT_OF_TEN = {
  close: 10.7,
  high: 10.7,
  low: 10,
  pre_close: 10,
  limit_up: 10.5,
  limit_down: 9.5,
  limit_ratio: 0.05,
};

describe('audit of a bundle of the rules in force: each case on its real dates, found exactly as the rules say', () => {
  const testDb = useTestDb();

  it('ST ±5 % until 2026-07-06 and ±10 % from then, a delisting arrangement, a REIT, a name sent twice, an ex-date in a halt, a dividend that moved nothing', async () => {
    const bundle = rulesBundle();
    try {
      const results = await importBundle(testDb.db, bundle.dir);
      expect(results.flatMap(rejectionLines)).to.deep.equal([]);
      const summary = await runAudit(testDb.db, { now: new Date('2026-07-31T10:00:00Z') });
      const found = summary.findings.map(({ check, symbol, date, detail }) => ({ check, symbol, date, detail }));
      expect(found).to.deep.equal([
        { check: 'limit_breach', symbol: '600105.SH', date: '2024-02-27', detail: FIVE_PERCENT_OF_TEN },
        // The 0.30 yuan: pre_close should be 9.70 (9.73 with a tenth of the shares held by the company), the
        // factor should step by 10 ÷ 9.70.
        {
          check: 'pre_close_mismatch',
          symbol: '600107.SH',
          date: '2024-03-08',
          detail: {
            pre_close: 10,
            previous_close: 10,
            previous_date: '2024-03-07',
            ex_reference: 9.7,
            ex_reference_max: 9.73,
          },
        },
        {
          check: 'event_without_factor_step',
          symbol: '600107.SH',
          date: '2024-03-08',
          detail: { ex_date: '2024-03-08', ex_reference: 9.7, factor: 1, pre_close: 10, previous_close: 10 },
        },
        // The arrangement's second session: ±10 % of 6.00.
        {
          check: 'limit_breach',
          symbol: '600103.SH',
          date: '2024-05-14',
          detail: { close: 5.34, high: 6, low: 5.34, pre_close: 6, limit_up: 6.6, limit_down: 5.4, limit_ratio: 0.1 },
        },
        // The REIT's second session: ±10 % of 3.750, to the tenth of a cent.
        {
          check: 'limit_breach',
          symbol: '508001.SH',
          date: '2024-05-21',
          detail: {
            close: 4.2,
            high: 4.2,
            low: 3.75,
            pre_close: 3.75,
            limit_up: 4.125,
            limit_down: 3.375,
            limit_ratio: 0.1,
          },
        },
        { check: 'limit_breach', symbol: '600101.SH', date: '2025-12-03', detail: FIVE_PERCENT_OF_TEN },
        { check: 'limit_breach', symbol: '600102.SH', date: '2026-07-03', detail: FIVE_PERCENT_OF_TEN },
      ]);
    } finally {
      bundle.remove();
    }
  });
});

describe('audit: the computed limit prices of the last 250 sessions by default, of every day with `all`', () => {
  const testDb = useTestDb();

  it('300 sessions of a quiet stock: 250 computed rows, then 300', async () => {
    const days = SESSIONS.slice(0, 300);
    const stock: Series = { code: '600201.SH', days, closes: flat(300) };
    const bundle = writeBundle({
      'stock_basic.csv': csv(
        'ts_code,symbol,name,market,list_status,list_date',
        '600201.SH,600201,安静股份,主板,L,20100104',
      ),
      'trade_cal.csv': csv('exchange,cal_date,is_open', ...days.map((day) => `SSE,${day},1`)),
      'daily.csv': csv(DAILY_HEADER, ...barLines(stock)),
      'adj_factor.csv': csv('ts_code,trade_date,adj_factor', ...factorLines(stock)),
    });
    try {
      await importBundle(testDb.db, bundle.dir);
      const last = days.at(-1)!;
      const now = new Date(`${last.slice(0, 4)}-${last.slice(4, 6)}-${last.slice(6)}T18:00:00+08:00`);
      const computed = async () => {
        const rows = await testDb.db('price_limits').where({ computed: 1 }).orderBy('trade_date').select('trade_date');
        return [rows.length, String(rows[0]?.trade_date).slice(0, 10)];
      };
      await runAudit(testDb.db, { now });
      const first = days.at(-250)!;
      expect(await computed()).to.deep.equal([250, `${first.slice(0, 4)}-${first.slice(4, 6)}-${first.slice(6)}`]);
      await runAudit(testDb.db, { now, computedLimits: 'all' });
      expect(await computed()).to.deep.equal([300, '2024-02-01']);
    } finally {
      bundle.remove();
    }
  });
});
