import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Knex } from 'knex';
import type { Scope } from '../../src/http/operations';
import { bumpDataVersion } from '../../src/db/dataVersions';
import { compactToIsoDate } from '../../src/domain/time/dates';
import { DEMO_DIR } from '../../src/ingest/demo';
import { importBundle } from '../../src/ingest/bundle';
import { num as scaled } from '../../src/loaders/fieldParsers';

/**
 * Fixture rows for market tests: real rows of the bundled demo data (db/demo, sources and licences in its
 * README), in Tushare's layout and units, converted here the way the loaders convert them.
 */

type CsvRow = Record<string, string>;

function readCsv(relativePath: string): CsvRow[] {
  return parse(readFileSync(join(DEMO_DIR, relativePath)), { columns: true, skip_empty_lines: true, bom: true });
}

const isoDate = (compact: string) => {
  const iso = compactToIsoDate(compact);
  if (iso === null) throw new Error(`bad date ${compact}`);
  return iso;
};
const num = (text: string | undefined) => (text === undefined || text === '' ? null : Number(text));

export async function insertChunked(db: Knex, table: string, rows: object[], key: string[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 400)
    await db(table)
      .insert(rows.slice(i, i + 400))
      .onConflict(key)
      .merge();
}

/** The SSE calendar between two `YYYY-MM-DD` dates (inclusive). */
export async function loadCalendar(db: Knex, from = '2022-01-01', to = '2026-12-31'): Promise<void> {
  const rows = readCsv('trade_cal.csv')
    .map((row) => ({
      exchange: row.exchange,
      cal_date: isoDate(row.cal_date!),
      is_open: row.is_open === '1',
      pretrade_date: row.pretrade_date ? isoDate(row.pretrade_date) : null,
    }))
    .filter((row) => row.cal_date >= from && row.cal_date <= to);
  await insertChunked(db, 'trade_calendar', rows, ['exchange', 'cal_date']);
  await bumpDataVersion(db, 'reference'); // as the calendar's import does: the calendar in memory is read again
}

/** The 2024 rows of a Tushare `daily`-layout file of the demo; amount thousand yuan → yuan; published 16:00 Beijing. */
function bars2024(file: string, keep: (tsCode: string) => boolean) {
  return readCsv(file)
    .filter((row) => row.trade_date!.startsWith('2024') && keep(row.ts_code!))
    .map((row) => {
      const tradeDate = isoDate(row.trade_date!);
      return {
        ts_code: row.ts_code,
        trade_date: tradeDate,
        open: num(row.open),
        high: num(row.high),
        low: num(row.low),
        close: num(row.close),
        pre_close: num(row.pre_close),
        change: num(row.change),
        pct_chg: num(row.pct_chg),
        vol: num(row.vol),
        amount: scaled(row, 'amount', 3),
        published_at: `${tradeDate} 08:00:00`,
      };
    });
}

/** 2024 daily bars of 000001.SZ, 000333.SZ, 000651.SZ, 000858.SZ. */
export function dailyBars2024(codes?: string[]) {
  return bars2024('daily.csv', (code) => !codes || codes.includes(code)).map((bar) => ({ ...bar, turnover: null }));
}

export function adjFactors2024(codes?: string[]) {
  return readCsv('adj_factor.csv')
    .filter((row) => !codes || codes.includes(row.ts_code!))
    .map((row) => ({ ts_code: row.ts_code, trade_date: isoDate(row.trade_date!), adj_factor: Number(row.adj_factor) }));
}

/** Index bars of 000001.SH in 2024 (vol in lots). */
export function indexBars2024() {
  return bars2024('index_daily.csv', (code) => code === '000001.SH');
}

/** Calendar 2022-2026, the 2024 bars and factors of the four stocks and the SSE Composite; bumps `market`. */
export async function loadMarket2024(db: Knex): Promise<void> {
  await loadCalendar(db);
  await insertChunked(db, 'daily_bars', dailyBars2024(), ['ts_code', 'trade_date']);
  await insertChunked(db, 'adj_factors', adjFactors2024(), ['ts_code', 'trade_date']);
  await insertChunked(db, 'daily_bars', indexBars2024(), ['ts_code', 'trade_date']);
  await bumpDataVersion(db, 'market');
}

/** A flat daily bar of `close` (open, high, low and previous close alike), published at 08:00 of its day. */
export const flatBar = (ts_code: string, trade_date: string, close: number) => ({
  ts_code,
  trade_date,
  open: close,
  high: close,
  low: close,
  close,
  pre_close: close,
  change: 0,
  pct_chg: 0,
  vol: 1000,
  amount: close * 100_000,
  published_at: `${trade_date} 08:00:00`,
});

/** Minimal security rows for tests on a database of their own. */
export async function insertSecurities(
  db: Knex,
  rows: Array<{ ts_code: string; name: string; kind?: string }>,
): Promise<void> {
  await insertChunked(
    db,
    'securities',
    rows.map((row) => ({
      ts_code: row.ts_code,
      symbol: row.ts_code.slice(0, 6),
      kind: row.kind ?? 'stock',
      name: row.name,
      exchange: row.ts_code.endsWith('.SH') ? 'SSE' : row.ts_code.endsWith('.BJ') ? 'BSE' : 'SZSE',
    })),
    ['ts_code'],
  );
}

/** A key of a new account on `planId`, for plan tests: every scope unless `scopes` names some; `perMinute` sets the account's own budget. */
export async function keyOnPlan(
  db: Knex,
  planId: string,
  { scopes, perMinute }: { scopes?: Scope[]; perMinute?: number } = {},
): Promise<string> {
  const { insertAccount } = await import('../../src/modules/accounts/accounts.repository');
  const { insertKey } = await import('../../src/modules/accounts/apiKeys.repository');
  const { ALL_SCOPES, newApiKey } = await import('../../src/domain/access/keyMaterial');
  const accountId = await insertAccount(db, {
    email: `${planId}-${Math.random().toString(36).slice(2)}@test.local`,
    name: planId,
    planId,
  });
  if (perMinute !== undefined)
    await db('accounts').where({ id: accountId }).update({ rate_limit_per_minute: perMinute });
  const key = newApiKey();
  await insertKey(db, { accountId, name: 'test', key, scopes: scopes ?? ALL_SCOPES });
  return key;
}

/**
 * Shenwan's 食品饮料 (801120.SI), a level-1 industry of index_classify, on 2024-12-30 and 31 through sw_daily
 * (doc 327's fields and units; synthetic figures).
 */
export async function loadIndustryIndexFixture(db: Knex): Promise<void> {
  const results = await importBundle(db, join(import.meta.dirname, '../fixtures/industries-2024'));
  if (results.some((result) => result.rows === 0 || result.rejectedRows > 0))
    throw new Error(`industries-2024 did not load: ${JSON.stringify(results)}`);
}

/** One-minute bars (09:31 … 15:00, plus off-session rows that must be dropped) and ticks of 000001.SZ on 2024-12-31. */
export async function loadSessionFixture(db: Knex): Promise<void> {
  const bars = [];
  const times: string[] = [];
  for (let m = 9 * 60 + 31; m <= 11 * 60 + 30; m++)
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`);
  for (let m = 13 * 60 + 1; m <= 15 * 60; m++)
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`);
  times.forEach((time, i) => {
    const price = 11.9 + (i % 10) / 100;
    bars.push({
      ts_code: '000001.SZ',
      trade_time: `2024-12-31 ${time}`,
      open: price,
      high: price + 0.02,
      low: price - 0.01,
      close: price + 0.01,
      vol: 10000 + i,
      amount: (10000 + i) * price,
    });
  });
  bars.push({
    ts_code: '000001.SZ',
    trade_time: '2024-12-31 09:25:00',
    open: 1,
    high: 1,
    low: 1,
    close: 1,
    vol: 1,
    amount: 1,
  });
  bars.push({
    ts_code: '000001.SZ',
    trade_time: '2024-12-31 15:30:00',
    open: 1,
    high: 1,
    low: 1,
    close: 1,
    vol: 1,
    amount: 1,
  });
  bars.push({
    ts_code: '000001.SZ',
    trade_time: '2024-12-30 15:00:00',
    open: 11.8,
    high: 11.8,
    low: 11.8,
    close: 11.8,
    vol: 500,
    amount: 5900,
  });
  await insertChunked(db, 'intraday_bars', bars, ['ts_code', 'trade_time']);
  const ticks = Array.from({ length: 25 }, (_, i) => ({
    ts_code: '000001.SZ',
    trade_time: `2024-12-31 09:30:${String(Math.floor(i / 3)).padStart(2, '0')}`,
    seq: i % 3,
    price: 11.9 + i / 100,
    volume: 100 * (i + 1),
    amount: 100 * (i + 1) * (11.9 + i / 100),
    side: ['B', 'S', 'N'][i % 3],
  }));
  await insertChunked(db, 'trades', ticks, ['ts_code', 'trade_time', 'seq']);
  await insertChunked(
    db,
    'trades',
    [
      {
        ts_code: '000001.SZ',
        trade_time: '2024-12-30 14:59:58',
        seq: 0,
        price: 11.8,
        volume: 100,
        amount: 1180,
        side: 'B',
      },
    ],
    ['ts_code', 'trade_time', 'seq'],
  );
  await bumpDataVersion(db, 'intraday');
}
