import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { exportQlib } from '../../src/export/qlib/qlibExport';
import { QLIB_FIELDS } from '../../src/domain/qlib/qlibLayout';
import { importBundle } from '../../src/ingest/bundle';
import { generateBundle } from '../../src/generate/generateBundle';
import { ensureDemoKey } from '../../src/modules/accounts/demoAccount.service';
import { pythonForClient } from '../support/python';
import { startServer, type TestServer } from '../support/server';
import { skipVisibly } from '../support/skip';
import { useTestDb } from '../support/testDb';

const READER = fileURLToPath(new URL('../support/qlib_reader.py', import.meta.url));
const FIELDS = QLIB_FIELDS;

interface Feature {
  start: number;
  values: (number | null)[];
}
interface Reading {
  calendar: string[];
  instruments: Record<string, [string, string, string][]>;
  features: Record<string, Record<string, Feature>>;
  pit: (number | null)[];
}
interface RawBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  pre_close: number;
  volume: number;
  amount: number;
  adj_factor: number;
}

/** Every file's bytes under a directory, by path: what a rerun must leave as it was. */
function digestOf(dir: string): Record<string, string> {
  const digests: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else digests[path.slice(dir.length)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dir);
  return digests;
}

const near = (actual: number | null, expected: number, what: string) => {
  expect(actual, what).to.be.a('number');
  expect(Math.abs(actual! - expected), `${what}: ${actual} vs ${expected}`).to.be.at.most(
    Math.max(1e-6, Math.abs(expected) * 2e-7 * 4),
  );
};

/**
 * The qlib export (src/export/qlib) of a generated 50-stock × 3-year store with a delisting, a CSI 300 membership
 * change and statements, read back by test/support/qlib_reader.py as qlib reads it, against the /v1 answers.
 */
describe('export: qlib’s layout, read back as qlib reads it', function () {
  this.timeout(180_000);
  const store = useTestDb();
  const out = mkdtempSync(join(tmpdir(), 'ashare-qlib-'));
  let server: TestServer;
  let key = '';
  let python = '';
  let codes: string[] = [];

  const read = (request: object): Reading => {
    const run = spawnSync(python, [READER, out], {
      input: JSON.stringify(request),
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    if (run.status !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout) as Reading;
  };
  const get = async (path: string) =>
    (await fetch(`${server.baseUrl}${path}`, { headers: { 'X-API-KEY': key } })).json();
  const rawBars = async (code: string): Promise<RawBar[]> =>
    (await get(`/v1/market/daily?symbol=${code}&adjusted=false&begin_date=2023-01-01&limit=1000`)).data.daily;
  const instrumentOf = (code: string) => `${code.slice(7)}${code.slice(0, 6)}`;

  before(async function () {
    const found = pythonForClient();
    if (found === null) skipVisibly(this, 'the qlib read-back', 'no python3 with numpy', 'REQUIRE_PYTHON');
    python = found;
    const bundle = mkdtempSync(join(tmpdir(), 'ashare-qlib-bundle-'));
    try {
      await generateBundle({ out: bundle, stocks: 50, years: 3, seed: 5 });
      await importBundle(store.db, bundle);
    } finally {
      rmSync(bundle, { recursive: true, force: true });
    }
    codes = await store.db('securities').where('kind', 'stock').orderBy('ts_code').pluck('ts_code');
    // The first stock delisted after its last bar of 2025-06-30.
    await store.db('daily_bars').where('ts_code', codes[0]).where('trade_date', '>', '2025-06-30').delete();
    await store.db('securities').where('ts_code', codes[0]).update({ list_status: 'D', delist_date: '2025-07-15' });
    // The CSI 300 of two snapshots: the third stock leaves it at the second, the fourth joins.
    const snapshot = (day: string, members: string[]) =>
      members.map((code) => ({ index_code: '000300.SH', con_code: code, trade_date: day, weight: 1 }));
    await store
      .db('index_weights')
      .insert([...snapshot('2024-01-02', [codes[1]!, codes[2]!]), ...snapshot('2025-01-02', [codes[1]!, codes[3]!])]);
    // Shenwan's 食品饮料: the second stock in it for 2024 (out on 2025-01-02), the fifth from before the store's first day.
    const member = { l1_code: '801120.SI', l1_name: '食品饮料', l2_code: '801125.SI', l2_name: '白酒Ⅱ' };
    const ofLiquor = { ...member, l3_code: '850111.SI', l3_name: '白酒Ⅲ' };
    await store.db('industry_members').insert([
      { ...ofLiquor, ts_code: codes[1], in_date: '2024-01-02', out_date: '2025-01-02' },
      { ...ofLiquor, ts_code: codes[4], in_date: '2014-02-21', out_date: null },
    ]);
    key = (await ensureDemoKey(store.db))!;
    server = await startServer(store.db);
    await exportQlib(store.db, { out });
  });
  after(async () => {
    await server?.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('the calendar of every session held, each instrument’s span (a delisted one’s to its last bar), the CSI 300’s spans', async () => {
    const { calendar, instruments } = read({ markets: ['all', 'csi300'], fields: [] });
    const sessions: string[] = await store
      .db('daily_bars')
      .distinct('trade_date')
      .orderBy('trade_date')
      .pluck('trade_date');
    expect(calendar).to.deep.equal(sessions.map(String));
    const all = Object.fromEntries(instruments.all!.map(([name, from, until]) => [name, [from, until]]));
    expect(Object.keys(all)).to.have.length(codes.length);
    const firstBar = async (code: string) =>
      String((await store.db('daily_bars').where('ts_code', code).min({ day: 'trade_date' }).first())!.day);
    expect(all[instrumentOf(codes[0]!)]).to.deep.equal([await firstBar(codes[0]!), '2025-06-30']);
    expect(all[instrumentOf(codes[1]!)]).to.deep.equal([await firstBar(codes[1]!), calendar.at(-1)]);
    expect(instruments.csi300).to.deep.equal([
      [instrumentOf(codes[1]!), '2024-01-02', calendar.at(-1)],
      [instrumentOf(codes[2]!), '2024-01-02', '2025-01-01'],
      [instrumentOf(codes[3]!), '2025-01-02', calendar.at(-1)],
    ]);
  });

  it("each Shenwan level-1 industry's members as a market of its own, out the day before their out date", () => {
    const { calendar, instruments } = read({ markets: ['sw_l1_801120'], fields: [] });
    expect(instruments.sw_l1_801120).to.deep.equal([
      [instrumentOf(codes[1]!), '2024-01-02', '2025-01-01'],
      [instrumentOf(codes[4]!), calendar[0], calendar.at(-1)],
    ]);
  });

  it('every field of every stock as /v1/market/daily answers it: raw × factor, shares ÷ factor, NaN on suspended days', async () => {
    const instruments = codes.map(instrumentOf);
    const { calendar, features } = read({ instruments, fields: FIELDS });
    let suspended = 0;
    for (const code of codes) {
      const bars = (await rawBars(code)).reverse();
      const own = features[instrumentOf(code)]!;
      const base = bars[0]!.adj_factor;
      expect(calendar[own.close!.start], code).to.equal(bars[0]!.date);
      const byDay = new Map(bars.map((bar) => [bar.date, bar]));
      own.close!.values.forEach((_, i) => {
        const day = calendar[own.close!.start + i]!;
        const bar = byDay.get(day);
        if (bar === undefined) {
          suspended++;
          for (const field of FIELDS) expect(own[field]!.values[i], `${code} ${day} ${field}`).to.equal(null);
          return;
        }
        const factor = bar.adj_factor / base;
        const at = (field: string) => own[field]!.values[i]!;
        near(at('factor'), factor, `${code} ${day} factor`);
        for (const price of ['open', 'high', 'low', 'close'] as const)
          near(at(price) / at('factor'), bar[price], `${code} ${day} ${price}`);
        // /v1 rounds lots to the lot (odd-lot fractions); qlib's file keeps the store's shares.
        expect(Math.abs(at('volume') * at('factor') - bar.volume * 100), `${code} ${day} volume`).to.be.at.most(
          50 + bar.volume * 100 * 1e-6,
        );
        near(at('amount'), bar.amount, `${code} ${day} amount`);
        near(at('vwap') * at('volume'), bar.amount, `${code} ${day} vwap × volume`);
        const vwap = (bar.amount / (bar.volume * 100)) * factor;
        expect(Math.abs(at('vwap') - vwap), `${code} ${day} vwap`).to.be.at.most(vwap / bar.volume);
        near(at('change'), bar.close / bar.pre_close - 1, `${code} ${day} change`);
      });
      expect(own.close!.values.length, code).to.equal(calendar.indexOf(bars.at(-1)!.date) - own.close!.start + 1);
    }
    expect(suspended, 'suspended days in the store').to.be.greaterThan(0);
    // Adjusted as /v1 adjusts: the close over the last close runs as the forward-adjusted one does.
    const [code] = codes.slice(-1);
    const adjusted = (
      await get(`/v1/market/daily?symbol=${code}&begin_date=2023-01-01&limit=1000`)
    ).data.daily.reverse();
    const closes = features[instrumentOf(code!)]!.close!.values.filter((value): value is number => value !== null);
    adjusted.forEach((bar: { close: number }, i: number) =>
      expect(Math.abs(closes[i]! / closes.at(-1)! - bar.close / adjusted.at(-1).close)).to.be.at.most(1e-3),
    );
  });

  it('a later session with an ex-date only appends: every earlier byte kept, one value more; a rerun writes nothing', async () => {
    const [code] = codes.slice(-1);
    const folder = join(out, 'features', instrumentOf(code!).toLowerCase());
    const before = Object.fromEntries(FIELDS.map((field) => [field, readFileSync(join(folder, `${field}.day.bin`))]));
    const [last] = await store.db('daily_bars').where('ts_code', code).orderBy('trade_date', 'desc').limit(1);
    const [{ adj_factor: factor }] = await store
      .db('adj_factors')
      .where({ ts_code: code, trade_date: last.trade_date });
    await store
      .db('trade_calendar')
      .insert({ exchange: 'SSE', cal_date: '2026-01-05', is_open: 1, pretrade_date: last.trade_date });
    // A 10 % share bonus: the reference price is the close ÷ 1.1, the factor steps by 1.1.
    const preClose = Math.round((last.close / 1.1) * 100) / 100;
    await store.db('daily_bars').insert({
      ...last,
      trade_date: '2026-01-05',
      pre_close: preClose,
      open: preClose,
      high: preClose,
      low: preClose,
      close: preClose,
      change: 0,
      pct_chg: 0,
    });
    await store.db('adj_factors').insert({ ts_code: code, trade_date: '2026-01-05', adj_factor: factor * 1.1 });
    const appended = await exportQlib(store.db, { out });
    expect(appended).to.deep.include({ written: 0, appended: FIELDS.length });
    for (const field of FIELDS) {
      const after = readFileSync(join(folder, `${field}.day.bin`));
      expect(after.length, field).to.equal(before[field]!.length + 4);
      expect(after.subarray(0, before[field]!.length).equals(before[field]!), field).to.equal(true);
    }
    const { calendar, features } = read({ instruments: [instrumentOf(code!)], fields: ['close', 'factor'] });
    expect(calendar.at(-1)).to.equal('2026-01-05');
    const own = features[instrumentOf(code!)]!;
    near(own.close!.values.at(-1)! / own.factor!.values.at(-1)!, preClose, 'the raw close of the ex-date');
    near(own.factor!.values.at(-1)! / own.factor!.values.at(-2)!, 1.1, 'the factor’s step');
    const digest = digestOf(out);
    expect(await exportQlib(store.db, { out })).to.deep.include({ written: 0, appended: 0, pit: 0 });
    expect(digestOf(out)).to.deep.equal(digest);
  });

  it('PIT: net profit to the parent read at each announcement as /v1/financials/income-statement answers it then', async () => {
    const versions = await store
      .db('income_statements')
      .where({ ts_code: codes[5], report_type: 1 })
      .orderBy('f_ann_date')
      .select('end_date', 'f_ann_date');
    expect(versions.length).to.be.greaterThan(3);
    const queries = versions.map(({ end_date: end, f_ann_date: published }) => ({
      instrument: instrumentOf(codes[5]!),
      field: 'n_income_attr_p_q',
      period: Number(String(end).slice(0, 4)) * 100 + Math.ceil(Number(String(end).slice(5, 7)) / 3),
      date: Number(String(published).replaceAll('-', '')),
      end: String(end),
      asOf: String(published),
    }));
    const { pit } = read({ fields: [], pit: queries });
    const dayBefore = read({ fields: [], pit: queries.map((query) => ({ ...query, date: query.date - 1 })) }).pit;
    const known = new Map<number, number | null>();
    for (const [i, query] of queries.entries()) {
      const body = await get(
        `/v1/financials/income-statement?symbol=${codes[5]}&period=quarterly&as_of=${query.asOf}&begin_date=${query.end}&end_date=${query.end}`,
      );
      const [record] = body.data.income_statements;
      expect(pit[i], `${query.end} as of ${query.asOf}`).to.equal(record.net_profit_parent);
      // The day before, the period reads as its earlier version, or not at all before the first.
      expect(dayBefore[i], `${query.end} before ${query.asOf}`).to.equal(known.get(query.period) ?? null);
      known.set(query.period, pit[i]!);
    }
  });
});
