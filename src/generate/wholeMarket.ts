import { csvFileOf } from '../catalogue/apiDescriptor';
import { API } from '../catalogue/apiCatalogue';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DAILY_BASIC } from '../domain/tables/marketLayouts';
import { columnsOf } from '../domain/tables/tableLayout';
import { CsvWriter } from './csvWriter';
import type { GeneratedBar } from './dailyStep';
import { STK_MINS_COLUMNS, writeSession, type SessionBar } from './minuteSessions';
import type { Random } from './random';

/** Tushare `daily_basic` columns, as the generator writes them: its registry's order (src/domain/tables/marketLayouts.ts). */
export const DAILY_BASIC_CSV_COLUMNS = columnsOf(DAILY_BASIC);
/** The synthetic index whose constituents the whole-market bundle carries (a code no generated stock has). */
export const SYNTHETIC_INDEX = '000999.SH';
const INDEX_MEMBERS = 300;

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * A `daily_basic` line in Tushare units (shares in 10,000 shares, market values in 10,000 yuan): shares
 * fixed per stock (from its listing order), ratios drifting with the close.
 */
export function dailyBasicCsvRow(
  tsCode: string,
  stockIndex: number,
  day: string,
  bar: GeneratedBar,
): (string | number)[] {
  const seed = stockIndex % 997;
  const totalShare = (1 + seed) * 1000;
  const earnings = 0.2 + (seed % 50) / 25;
  const turnover = round4(((bar.vol * 100) / (totalShare * 10_000 * 0.8)) * 100);
  return [
    tsCode,
    day,
    bar.close,
    turnover,
    round4(turnover * 1.6),
    round4(0.5 + (seed % 30) / 20),
    round4(bar.close / earnings),
    round4(bar.close / (earnings * 1.05)),
    round4(bar.close / (2 + (seed % 20))),
    round4(bar.close / (3 + (seed % 40))),
    round4(bar.close / (3.1 + (seed % 40))),
    round4((seed % 7) / 2),
    round4((seed % 7) / 2.1),
    totalShare,
    totalShare * 0.8,
    totalShare * 0.5,
    round4(bar.close * totalShare),
    round4(bar.close * totalShare * 0.8),
  ];
}

/**
 * `index_weight.csv` of SYNTHETIC_INDEX: on the first open day of each month, the first 300 stocks listed by
 * then, weighted by their position (weights in percent, summing to 100).
 */
export async function writeIndexWeights(
  out: string,
  days: readonly string[],
  stocks: ReadonlyArray<{ tsCode: string; listIndex: number }>,
): Promise<number> {
  const weights = new CsvWriter(join(out, csvFileOf(API.index_weight)), [
    'index_code',
    'con_code',
    'trade_date',
    'weight',
  ]);
  for (const [d, day] of days.entries()) {
    if (d > 0 && days[d - 1]!.slice(0, 6) === day.slice(0, 6)) continue;
    const members = stocks.filter((stock) => stock.listIndex <= d).slice(0, INDEX_MEMBERS);
    const total = (members.length * (members.length + 1)) / 2;
    for (const [rank, member] of members.entries())
      await weights.write([SYNTHETIC_INDEX, member.tsCode, day, round4(((members.length - rank) / total) * 100)]);
  }
  return weights.close();
}

/**
 * One-minute bars of every stock for each of the last sessions, one directory a session
 * (`sessions/YYYYMMDD/stk_mins.csv`), as an operator loads them after each close; no ticks (at 2-4 a minute
 * the whole market's would be 3 M rows a session). Returns the rows per session file.
 */
export async function writeSessionFiles(
  out: string,
  sessions: readonly string[],
  lastBars: ReadonlyMap<string, SessionBar[]>,
  random: Random,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const day of sessions) {
    const dir = join(out, 'sessions', day);
    mkdirSync(dir, { recursive: true });
    const minutes = new CsvWriter(join(dir, csvFileOf(API.stk_mins)), STK_MINS_COLUMNS);
    for (const [tsCode, bars] of lastBars) {
      const bar = bars.find((candidate) => candidate.day === day);
      if (bar) await writeSession(minutes, null, tsCode, bar, random);
    }
    counts[`sessions/${day}/stk_mins.csv`] = await minutes.close();
  }
  return counts;
}
