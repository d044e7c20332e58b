import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { exportQlib } from '../../src/export/qlib/qlibExport';
import { writeFlatFiles } from '../../src/modules/tushare/flatFiles.service';
import { TradingCalendar } from '../../src/modules/common/tradingCalendar.service';
import { DataVersions } from '../../src/db/dataVersions';
import { ColumnarReader } from '../support/columnarReader';
import { dataapi } from '../support/dataapi';
import { importBundle } from '../../src/ingest/bundle';
import { runAudit } from '../../src/audit/runAudit';
import { rejectionLines } from '../../src/loaders/loaderTypes';
import { csv, DAILY_HEADER, writeBundle } from '../ingest/support/bundle';
import { barLines, factorLines, SESSIONS, sessionsFrom, span, type Series } from '../ingest/support/ruleSeries';
import { useKeyedServer } from '../support/server';

/**
 * Each case on the real dates of its rule, its figures hand-computed (limit = pre_close × (1 ± ratio), half up
 * to the cent, SSE Trading Rules 3.4.14): no real bars of such days are on the shelf.
 */
// *ST at ±5 % through Friday 2026-07-03, ±10 % from Monday 07-06 (the revised Trading Rules): three up closes.
const starST: Series = {
  code: '600102.SH',
  days: sessionsFrom('20260701', 5),
  closes: [10, 10.5, 11.03, 12.13, 11.5],
};
// ChiNext at +20 % three days running, then the up limit touched (20.74) and left: 炸板 ends the streak.
const chinext: Series = {
  code: '300999.SZ',
  days: sessionsFrom('20250228', 5),
  closes: [10, 12, 14.4, 17.28, 19],
  highs: { '20250306': 20.74 },
  // Its factor doubles on its last day: forward-adjusted, the limit prices before it halve with its prices.
  factorFrom: { day: '20250306', factor: 2 },
};
/** A state as a forward-adjusted series gives it: 300999.SZ's limit prices before 2025-03-06 halved. */
const adjustedState = (code: string, one: State & { date: string }) =>
  code === '300999.SZ' && one.date < '2025-03-06'
    ? { ...one, limit_up: (one.limit_up as number) / 2, limit_down: (one.limit_down as number) / 2 }
    : one;
// A STAR listing of 2025-03-03 at an offer price of 20: five sessions without a limit, then ±20 %.
const listing: Series = {
  code: '688999.SH',
  days: sessionsFrom('20250303', 6),
  first: 20,
  closes: [40, 36, 38, 37, 39, 46.8],
};
// *ST丙 at −5 %, then its delisting arrangement from Monday 2024-05-13: no limit on its first day, ±10 % after.
const delisting: Series = {
  code: '600103.SH',
  days: sessionsFrom('20240509', 4),
  closes: [10, 9.5, 6, 5.4],
};
// Up on 2025-03-03, suspended 03-04 and 03-05, up again on 03-06: its second up close in a row.
const suspension: Series = {
  code: '600106.SH',
  days: ['20250228', '20250303', '20250306', '20250307'],
  closes: [10, 11, 12.1, 12.1],
};
// Up on the store's first bar of a stock listed long before, and again after a session the store lacks: the
// sessions before are not all stored, so neither count is known.
const gap: Series = {
  code: '000999.SZ',
  days: ['20250303', '20250305'],
  closes: [11, 12.1],
};
const STOCKS = [starST, chinext, listing, delisting, suspension, gap];

function statesBundle() {
  return writeBundle({
    'stock_basic.csv': csv(
      'ts_code,symbol,name,market,list_status,list_date',
      '600102.SH,600102,*ST乙,主板,L,20100104',
      '300999.SZ,300999,创业测试,创业板,L,20150105',
      '688999.SH,688999,新上市,科创板,L,20250303',
      '600103.SH,600103,退市丙,主板,D,20100104',
      '600106.SH,600106,戊股份,主板,L,20100104',
      '000999.SZ,000999,己股份,主板,L,20100104',
    ),
    'namechange.csv': csv(
      'ts_code,name,start_date,end_date,ann_date',
      '600102.SH,*ST乙,20200101,,20191231',
      '300999.SZ,创业测试,20150105,,',
      '688999.SH,新上市,20250303,,',
      '600103.SH,*ST丙,20200101,20240512,20191231',
      '600103.SH,退市丙,20240513,,20240510',
      '600106.SH,戊股份,20100104,,',
      '000999.SZ,己股份,20100104,,',
    ),
    'trade_cal.csv': csv('exchange,cal_date,is_open', ...SESSIONS.map((day) => `SSE,${day},1`)),
    'daily.csv': csv(DAILY_HEADER, ...STOCKS.flatMap(barLines)),
    'adj_factor.csv': csv('ts_code,trade_date,adj_factor', ...STOCKS.flatMap(factorLines)),
    'suspend_d.csv': csv('ts_code,trade_date,suspend_type', '600106.SH,20250304,S', '600106.SH,20250305,S'),
    // The exchange's own prices of a day: the state takes them, marked `source`.
    'stk_limit.csv': csv('trade_date,ts_code,pre_close,up_limit,down_limit', '20250307,600106.SH,12.1,13.31,10.89'),
    // The source's limit list: 03-05 agrees; on 03-04 it counts one board where there were two (tushare #1784).
    'limit_list_d.csv': csv(
      'trade_date,ts_code,name,close,pct_chg,limit_times,limit',
      '20250304,300999.SZ,创业测试,14.4,20,1,U',
      '20250305,300999.SZ,创业测试,17.28,20,3,U',
    ),
    'universe.csv': csv(
      'scope,code,start_date,end_date',
      ...STOCKS.map((series) => `security,${series.code},${span(series)}`),
    ),
  });
}

type State = Record<string, unknown>;
const state = (
  date: string,
  risk: string | null,
  [up, down, source]: [number | null, number | null, string | null],
  move: string | null,
  streak: number | null,
  session: number | null = null,
): State & { date: string } => ({
  date,
  risk_warning: risk,
  limit_up: up,
  limit_down: down,
  limit_source: source,
  limit_move: move,
  limit_streak: streak,
  listing_session: session,
});
const noLimit: [null, null, string] = [null, null, 'no_limit'];

/** The states each case holds, hand-computed, newest last. */
const EXPECTED: Record<string, Array<State & { date: string }>> = {
  '600102.SH': [
    state('2026-07-01', '*ST', [10.5, 9.5, 'computed'], 'none', 0),
    state('2026-07-02', '*ST', [10.5, 9.5, 'computed'], 'up', 1),
    state('2026-07-03', '*ST', [11.03, 9.98, 'computed'], 'up', 2),
    // From 2026-07-06 ±10 % of 11.03.
    state('2026-07-06', '*ST', [12.13, 9.93, 'computed'], 'up', 3),
    state('2026-07-07', '*ST', [13.34, 10.92, 'computed'], 'none', 0),
  ],
  '300999.SZ': [
    state('2025-02-28', 'none', [12, 8, 'computed'], 'none', 0),
    state('2025-03-03', 'none', [12, 8, 'computed'], 'up', 1),
    state('2025-03-04', 'none', [14.4, 9.6, 'computed'], 'up', 2),
    state('2025-03-05', 'none', [17.28, 11.52, 'computed'], 'up', 3),
    state('2025-03-06', 'none', [20.74, 13.82, 'computed'], 'opened', 0),
  ],
  '688999.SH': [
    state('2025-03-03', 'none', noLimit, null, 0, 1),
    state('2025-03-04', 'none', noLimit, null, 0, 2),
    state('2025-03-05', 'none', noLimit, null, 0, 3),
    state('2025-03-06', 'none', noLimit, null, 0, 4),
    state('2025-03-07', 'none', noLimit, null, 0, 5),
    state('2025-03-10', 'none', [46.8, 31.2, 'computed'], 'up', 1, 6),
  ],
  '600103.SH': [
    state('2024-05-09', '*ST', [10.5, 9.5, 'computed'], 'none', 0),
    state('2024-05-10', '*ST', [10.5, 9.5, 'computed'], 'down', 0),
    state('2024-05-13', 'delisting', noLimit, null, 0),
    state('2024-05-14', 'delisting', [6.6, 5.4, 'computed'], 'down', 0),
  ],
  '600106.SH': [
    state('2025-02-28', 'none', [11, 9, 'computed'], 'none', 0),
    state('2025-03-03', 'none', [11, 9, 'computed'], 'up', 1),
    state('2025-03-06', 'none', [12.1, 9.9, 'computed'], 'up', 2),
    state('2025-03-07', 'none', [13.31, 10.89, 'source'], 'none', 0),
  ],
  '000999.SZ': [
    state('2025-03-03', 'none', [11, 9, 'computed'], 'up', null),
    state('2025-03-05', 'none', [12.1, 9.9, 'computed'], 'up', null),
  ],
};
const STATE_FIELDS = 'risk_warning,limit_up,limit_down,limit_source,limit_move,limit_streak,listing_session';

describe('each day’s state: risk warnings, limits, limit moves, streaks, listings and suspensions on every interface', () => {
  const api = useKeyedServer(async (db) => {
    const bundle = statesBundle();
    try {
      const results = await importBundle(db, bundle.dir);
      expect(results.flatMap(rejectionLines)).to.deep.equal([]);
      await runAudit(db, { now: new Date('2026-07-31T10:00:00Z') });
    } finally {
      bundle.remove();
    }
  }, 'enterprise');

  it('daily answers each case’s hand-computed states, adjusted and not, and only when asked', async () => {
    for (const [code, expected] of Object.entries(EXPECTED)) {
      const range = `begin_date=${expected[0]!.date}&end_date=${expected.at(-1)!.date}`;
      for (const adjusted of [true, false]) {
        const { status, body } = await api.get(
          `/v1/market/daily?symbol=${code}&${range}&adjusted=${adjusted}&fields=date,${STATE_FIELDS}`,
        );
        expect(status, code).to.equal(200);
        expect(body.data.daily, `${code} adjusted=${adjusted}`).to.deep.equal(
          expected.map((one) => (adjusted ? adjustedState(code, one) : one)).reverse(),
        );
      }
    }
    const { body } = await api.get(`/v1/market/daily?symbol=600106.SH&begin_date=2025-03-03&end_date=2025-03-03`);
    expect(body.data.daily[0]).to.not.have.property('limit_up');
  });

  it('the cross-section answers the same states, the day’s suspended securities as rows, and filters by them', async () => {
    const day = async (query: string) =>
      (await api.get(`/v1/market/cross-section?date=2025-03-04&${query}`)).body.data.securities;
    const rows = await day(`fields=close,${STATE_FIELDS},suspended`);
    const withoutDate = ({ date: _date, ...rest }: State & { date: string }) => rest;
    const stateOn = (code: string) => withoutDate(EXPECTED[code]!.find(({ date }) => date === '2025-03-04')!);
    const halted = withoutDate(state('', 'none', [null, null, null], null, null));
    expect(rows).to.deep.equal([
      { symbol: '300999.SZ', close: 14.4, ...stateOn('300999.SZ'), suspended: false },
      { symbol: '600106.SH', close: null, ...halted, suspended: true },
      { symbol: '688999.SH', close: 36, ...stateOn('688999.SH'), suspended: false },
    ]);
    expect(await day('fields=close&limit_move=up')).to.deep.equal([{ symbol: '300999.SZ', close: 14.4 }]);
    // Forward-adjusted, the limit prices are adjusted with the close: still equal where it closed at the limit.
    expect(await day('fields=close,limit_up,limit_move&limit_move=up&adjusted=true')).to.deep.equal([
      { symbol: '300999.SZ', close: 7.2, limit_up: 7.2, limit_move: 'up' },
    ]);
    expect((await day('fields=suspended&risk_warning=none')).map((row: State) => row.symbol)).to.deep.equal([
      '300999.SZ',
      '600106.SH',
      '688999.SH',
    ]);
    // Without a state field or filter the day is as before: its bars only.
    expect((await day('fields=close')).map((row: State) => row.symbol)).to.deep.equal(['300999.SZ', '688999.SH']);
  });

  it('the ladder of a day lists the up closes by streak, then the opened, with the day’s counts', async () => {
    const ladder = async (date: string) => (await api.get(`/v1/market/limit-ladder?date=${date}`)).body.data;
    const row = (symbol: string, name: string, board: string, move: string, streak: number | null, close: number) => ({
      symbol,
      name,
      board,
      risk_warning: 'none',
      limit_move: move,
      limit_streak: streak,
      close,
    });
    const pick = ({ pct_change: _pct, limit_up: _up, ...rest }: State) => rest;
    const march = await ladder('2025-03-06');
    expect({ ...march, securities: march.securities.map(pick) }).to.deep.equal({
      date: '2025-03-06',
      up_count: 1,
      down_count: 0,
      opened_count: 1,
      seal_rate: 50,
      top_streak: 2,
      securities: [
        row('600106.SH', '戊股份', 'main', 'up', 2, 12.1),
        row('300999.SZ', '创业测试', 'chinext', 'opened', 0, 19),
      ],
    });
    const unknown = await ladder('2025-03-05');
    expect(unknown.securities.map(({ symbol, limit_streak }: State) => [symbol, limit_streak])).to.deep.equal([
      ['300999.SZ', 3],
      ['000999.SZ', null],
    ]);
    expect(unknown.top_streak).to.equal(3);
  });

  /** Newest day first, then by code, as /dataapi orders day_state. */
  const byKey = (a: State, b: State) =>
    String(b.trade_date).localeCompare(String(a.trade_date)) || String(a.ts_code).localeCompare(String(b.ts_code));
  /** Every case's states in /dataapi's day_state terms (dates YYYYMMDD, suspended 0 or 1), by day then code. */
  const wireStates = (): State[] => {
    const rows: State[] = [];
    const wire = (code: string, { date, ...rest }: State & { date: string }, suspended: number) =>
      rows.push({ ts_code: code, ...rest, trade_date: date.replaceAll('-', ''), suspended });
    for (const [code, states] of Object.entries(EXPECTED)) for (const one of states) wire(code, one, 0);
    for (const date of ['2025-03-04', '2025-03-05'])
      wire('600106.SH', state(date, 'none', [null, null, null], null, null), 1);
    return rows.sort(byKey);
  };
  const FIELDS = `ts_code,trade_date,${STATE_FIELDS},suspended`;
  const records = ({ fields, items }: { fields: string[]; items: unknown[][] }) =>
    items.map((item) => Object.fromEntries(fields.map((field, i) => [field, item[i]])));

  it('/dataapi answers the same states (day_state), the risk-warned stocks (stock_st, doc 397) and the ladder of two boards or more (limit_step, doc 356)', async () => {
    const all = await dataapi(api.server.baseUrl, api.key, 'day_state', {}, FIELDS);
    expect(all.code).to.equal(0);
    expect(records(all.data)).to.deep.equal(wireStates());
    // Doc 397's example lists *ST天山 and ST联创 alike: type ST, 风险警示板; the delisting arrangement is no ST.
    const st = await dataapi(api.server.baseUrl, api.key, 'stock_st', { end_date: '20260702' });
    expect([st.data.fields, st.data.items]).to.deep.equal([
      ['ts_code', 'name', 'trade_date', 'type', 'type_name'],
      [
        ['600102.SH', '*ST乙', '20260702', 'ST', '风险警示板'],
        ['600102.SH', '*ST乙', '20260701', 'ST', '风险警示板'],
        ['600103.SH', '*ST丙', '20240510', 'ST', '风险警示板'],
        ['600103.SH', '*ST丙', '20240509', 'ST', '风险警示板'],
      ],
    ]);
    const step = await dataapi(api.server.baseUrl, api.key, 'limit_step', { start_date: '20250101' });
    expect([step.data.fields, step.data.items]).to.deep.equal([
      ['ts_code', 'name', 'trade_date', 'nums'],
      [
        ['600102.SH', '*ST乙', '20260706', 3],
        ['600102.SH', '*ST乙', '20260703', 2],
        ['600106.SH', '戊股份', '20250306', 2],
        ['300999.SZ', '创业测试', '20250305', 3],
        ['300999.SZ', '创业测试', '20250304', 2],
      ],
    ]);
  });

  it('the flat-file export and qlib carry the same states', async () => {
    const out = mkdtempSync(join(tmpdir(), 'ashare-states-'));
    const reader = await ColumnarReader.open();
    try {
      const { db } = api;
      await writeFlatFiles(db, new TradingCalendar(db, new DataVersions(db, 0)), {
        out: join(out, 'flat'),
        datasets: ['day_state'],
        since: '2024-01-01',
        until: '2026-07-31',
      });
      const manifest = JSON.parse(readFileSync(join(out, 'flat', 'manifest.json'), 'utf8')) as {
        files: Array<{ path: string }>;
      };
      // A file a period (a year, a month, a day), each row with its day; whole numbers read back as int64 text.
      const exported = [];
      for (const file of manifest.files)
        for (const row of (await reader.parquet(readFileSync(join(out, 'flat', file.path)))).rows)
          exported.push({
            ...row,
            trade_date: String(row.trade_date).replaceAll('-', ''),
            ...Object.fromEntries(
              ['limit_streak', 'listing_session', 'suspended'].map((field) => [
                field,
                row[field] === null ? null : Number(row[field]),
              ]),
            ),
          });
      const fields = FIELDS.split(',');
      expect(
        exported.map((row: State) => Object.fromEntries(fields.map((field) => [field, row[field]]))).sort(byKey),
      ).to.deep.equal(wireStates());

      await exportQlib(db, { out: join(out, 'qlib') });
      const feature = (code: string, field: string) => {
        const folder = `${code.slice(7)}${code.slice(0, 6)}`.toLowerCase();
        const bytes = readFileSync(join(out, 'qlib', 'features', folder, `${field}.day.bin`));
        const floats = new Float32Array(Uint8Array.from(bytes).buffer);
        return [...floats.subarray(1)].map((value) => (Number.isNaN(value) ? null : +value.toFixed(2)));
      };
      // Each case's states from its first bar, a session a value (NaN between bars, as on a suspended day).
      expect(feature('300999.SZ', 'limit_streak')).to.deep.equal([0, 1, 2, 3, 0]);
      expect(feature('300999.SZ', 'limit_up_hit')).to.deep.equal([0, 1, 1, 1, 0]);
      // Backward-adjusted as qlib's prices are: the last day's 20.74 × its factor over the first, 2.
      expect(feature('300999.SZ', 'limit_up')).to.deep.equal([12, 12, 14.4, 17.28, 41.48]);
      expect(feature('600106.SH', 'limit_streak')).to.deep.equal([0, 1, null, null, 2, 0]);
      expect(feature('600103.SH', 'st')).to.deep.equal([1, 1, 1, 1]);
      expect(feature('600103.SH', 'limit_down_hit')).to.deep.equal([0, 1, 0, 1]);
      expect(feature('688999.SH', 'limit_up')).to.deep.equal([null, null, null, null, null, 46.8]);
      expect(feature('688999.SH', 'limit_up_hit')).to.deep.equal([0, 0, 0, 0, 0, 1]);
      expect(feature('000999.SZ', 'limit_streak')).to.deep.equal([null, null, null]);
    } finally {
      reader.close();
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('the audit finds where the source’s limit list disagrees with the computed state, and nothing where it agrees', async () => {
    const { body } = await api.get('/v1/data/quality?begin_date=2024-01-01');
    const found = body.data.findings
      .filter(({ check }: State) => check === 'limit_list_mismatch' || check === 'limit_price_mismatch')
      .map(({ check, symbol, date, detail }: State) => ({ check, symbol, date, detail }));
    expect(found).to.deep.equal([
      {
        check: 'limit_list_mismatch',
        symbol: '300999.SZ',
        date: '2025-03-04',
        detail: { source_limit: 'U', source_limit_times: 1, limit_move: 'up', limit_streak: 2 },
      },
    ]);
  });
});
