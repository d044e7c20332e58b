import { csvFileOf } from '../catalogue/apiDescriptor';
import { API } from '../catalogue/apiCatalogue';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { limitPrices } from '../domain/quality/priceLimits';
import { exchangeToday } from '../domain/time/clock';
import { CsvWriter } from './csvWriter';
import { DAILY_COLUMNS, dailyCsvRow, limitBand, randomDailyBar, withClose, type GeneratedBar } from './dailyStep';
import { writeDatasetSessions, type DayBar } from './datasetSessions';
import { writeInstrumentSessions } from './instrumentSessions';
import { writeIntraday, type SessionBar } from './minuteSessions';
import { openDaysOf } from './calendarCsv';
import { Random } from './random';

/** The demo stocks that get synthetic recent sessions: a bank (SZSE main board), Moutai (SSE), CATL (ChiNext). */
export const RECENT_SYNTHETIC_STOCKS = ['000001.SZ', '600519.SH', '300750.SZ'];
/** Minute bars and ticks of the last 3 sessions: enough for intraday and trades, far inside the 90-day retention. */
const MINUTE_SESSIONS = 3;
const SEED = 20250403;
/**
 * 000001.SZ closes at its limit every twentieth synthetic session and gives it back the next, so that the limit
 * and dragon-tiger lists have days to show in any month; counted from its first synthetic session, so a day's
 * bar still does not depend on the load date.
 */
const EVENT_STOCK = '000001.SZ';
const EVENT_EVERY = 20;

/** The day's bar of a stock: the seeded walk's, or on an event day of EVENT_STOCK its limit-up or the give-back. */
function sessionBar(
  tsCode: string,
  day: string,
  index: number,
  preClose: number,
  closeBefore: number,
  random: Random,
): GeneratedBar {
  const band = limitBand(tsCode, day);
  const bar = randomDailyBar(preClose, band, random);
  if (tsCode !== EVENT_STOCK) return bar;
  if (index % EVENT_EVERY === EVENT_EVERY - 2) return withClose(bar, limitPrices(preClose, band).up);
  return index % EVENT_EVERY === EVENT_EVERY - 1 ? withClose(bar, closeBefore) : bar;
}

/** The newest row of each wanted stock in a Tushare CSV whose first two columns are ts_code and trade_date. */
function newestRows(csv: string, codes: readonly string[]): Map<string, string[]> {
  const newest = new Map<string, string[]>();
  for (const line of readFileSync(csv, 'utf8').split('\n').slice(1)) {
    const cells = line.trim().split(',');
    if (!codes.includes(cells[0]!)) continue;
    if (cells[1]! > (newest.get(cells[0]!)?.[1] ?? '')) newest.set(cells[0]!, cells);
  }
  return newest;
}

/**
 * Synthetic, clearly not real, recent data for RECENT_SYNTHETIC_STOCKS, written as a Tushare-format bundle
 * into `out`: daily bars on every open day of the demo calendar after each stock's last real bar (2025-04-03)
 * and before today (Beijing), continuing from its real close with the seeded walk of the load-test generator
 * (one seed per stock, so a day's bar does not depend on the load date); the stock's last real adjustment
 * factor carried forward (no synthetic ex-dates); one-minute bars and ticks of the last sessions. The bundled
 * real data ends in 2025 for stocks, and minute data older than the retention window is pruned by the
 * server, so the spec's default windows (the latest 30 trading days, the latest session) can only answer
 * from data dated relative to the day the store is made. Returns rows per file; nothing when no day is left.
 */
export async function writeRecentSessions(
  demoDir: string,
  out: string,
  now = new Date(),
): Promise<Record<string, number>> {
  const today = exchangeToday(now).replaceAll('-', '');
  const openDays = openDaysOf(join(demoDir, csvFileOf(API.trade_cal))).filter((day) => day < today);
  const lastBars = newestRows(join(demoDir, csvFileOf(API.daily)), RECENT_SYNTHETIC_STOCKS);
  const lastFactors = newestRows(join(demoDir, csvFileOf(API.adj_factor)), RECENT_SYNTHETIC_STOCKS);
  if (!openDays.some((day) => [...lastBars.values()].some((bar) => day > bar[1]!))) return {};

  const daily = new CsvWriter(join(out, csvFileOf(API.daily)), DAILY_COLUMNS);
  const factors = new CsvWriter(join(out, csvFileOf(API.adj_factor)), ['ts_code', 'trade_date', 'adj_factor']);
  const sessions: [string, SessionBar[]][] = [];
  const series: [string, DayBar[]][] = [];
  for (const [index, tsCode] of RECENT_SYNTHETIC_STOCKS.entries()) {
    const [, lastDay, , , , lastClose] = lastBars.get(tsCode)!;
    const factor = lastFactors.get(tsCode)?.[2];
    const random = new Random(SEED + index);
    const bars: DayBar[] = [];
    let close = Number(lastClose);
    for (const [i, day] of openDays.filter((open) => open > lastDay!).entries()) {
      const bar = sessionBar(tsCode, day, i, close, bars.at(-1)?.preClose ?? close, random);
      await daily.write(dailyCsvRow(tsCode, day, bar));
      if (factor !== undefined) await factors.write([tsCode, day, factor]);
      bars.push({ day, ...bar });
      close = bar.close;
    }
    sessions.push([tsCode, bars.slice(-MINUTE_SESSIONS)]);
    series.push([tsCode, bars]);
  }
  return {
    [csvFileOf(API.daily)]: await daily.close(),
    [csvFileOf(API.adj_factor)]: await factors.close(),
    ...(await writeIntraday(out, sessions, new Random(SEED + RECENT_SYNTHETIC_STOCKS.length))),
    ...(await writeDatasetSessions(
      out,
      series,
      limitBand,
      today,
      new Random(SEED + RECENT_SYNTHETIC_STOCKS.length + 1),
    )),
    ...(await writeInstrumentSessions(
      out,
      series.find(([tsCode]) => tsCode === '000001.SZ')![1],
      new Random(SEED + RECENT_SYNTHETIC_STOCKS.length + 2),
    )),
  };
}
