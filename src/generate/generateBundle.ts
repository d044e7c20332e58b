import { csvFileOf } from '../catalogue/apiDescriptor';
import { API } from '../catalogue/apiCatalogue';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../paths';
import { CsvWriter } from './csvWriter';
import { boardOf } from '../domain/reference/symbols';
import { DAILY_COLUMNS, dailyCsvRow, fixed2, limitBand, randomDailyBar } from './dailyStep';
import { Random } from './random';
import type { SyntheticStock } from './syntheticStock';
import { writeIncome } from './income';
import { writeIntraday, type SessionBar } from './minuteSessions';
import { openDaysOf } from './calendarCsv';
import { DAILY_BASIC_CSV_COLUMNS, dailyBasicCsvRow, writeIndexWeights, writeSessionFiles } from './wholeMarket';

export interface GenerateOptions {
  out: string;
  stocks: number;
  years: number;
  seed: number;
  /**
   * The whole market as the scale benchmark needs it: `daily_basic.csv`, an index of 300 constituents
   * (`index_weight.csv`), industries in bands of 500 stocks, and one-minute bars of every stock for the last
   * `minuteSessions` sessions, one directory a session (wholeMarket.ts) instead of a few stocks' minutes and ticks.
   */
  wholeMarket?: { minuteSessions: number };
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** The last open days of the SSE calendar shipped with the demo, up to the end of 2025. */
function openDays(years: number): string[] {
  const first = `${2025 - years + 1}0101`;
  return openDaysOf(join(paths.demoData, csvFileOf(API.trade_cal))).filter((day) => day >= first && day <= '20251231');
}

function stockCode(index: number): string {
  const board = index % 3;
  const serial = Math.floor(index / 3);
  return board === 0
    ? `${String(600000 + serial).padStart(6, '0')}.SH`
    : board === 1
      ? `${String(1 + serial).padStart(6, '0')}.SZ`
      : `${String(300001 + serial).padStart(6, '0')}.SZ`;
}

/**
 * Writes a deterministic Tushare-format bundle for load tests: the real SSE calendar, random-walk daily bars
 * inside each board's limit band of the day, suspensions (days left out, each in suspend_d), a yearly cash dividend for most stocks with the
 * matching adj_factor step, quarterly year-to-date income statements, and minute bars and ticks of the last
 * sessions of a few stocks. Never loaded by default.
 */
export async function generateBundle(options: GenerateOptions): Promise<Record<string, number>> {
  mkdirSync(options.out, { recursive: true });
  const random = new Random(options.seed);
  const days = openDays(options.years);
  const stocks: SyntheticStock[] = Array.from({ length: options.stocks }, (_, i) => ({
    tsCode: stockCode(i),
    // A fifth of the stocks list during the range.
    listIndex: random.next() < 0.2 ? random.int(1, days.length - 1) : 0,
    close: fixed2(random.between(3, 80)),
    adjFactor: 1,
    suspendedUntil: -1,
    exDayOfYear: new Map(),
  }));

  const basic = new CsvWriter(join(options.out, csvFileOf(API.stock_basic)), [
    'ts_code',
    'symbol',
    'name',
    'area',
    'industry',
    'market',
    'list_status',
    'list_date',
  ]);
  for (const [i, stock] of stocks.entries()) {
    const industry = options.wholeMarket ? `synthetic-${Math.floor(i / 500)}` : 'synthetic';
    await basic.write([
      stock.tsCode,
      stock.tsCode.slice(0, 6),
      `SYN${String(i).padStart(5, '0')}`,
      '',
      industry,
      boardOf(stock.tsCode) === 'chinext' ? '创业板' : '主板',
      'L',
      days[stock.listIndex]!,
    ]);
  }
  const calendar = new CsvWriter(join(options.out, csvFileOf(API.trade_cal)), [
    'exchange',
    'cal_date',
    'is_open',
    'pretrade_date',
  ]);
  for (const [i, day] of days.entries()) await calendar.write(['SSE', day, 1, days[i - 1] ?? null]);

  const daily = new CsvWriter(join(options.out, csvFileOf(API.daily)), DAILY_COLUMNS);
  const adj = new CsvWriter(join(options.out, csvFileOf(API.adj_factor)), ['ts_code', 'trade_date', 'adj_factor']);
  const dividend = new CsvWriter(join(options.out, csvFileOf(API.dividend)), [
    'ts_code',
    'end_date',
    'ann_date',
    'div_proc',
    'cash_div',
    'cash_div_tax',
    'record_date',
    'ex_date',
    'pay_date',
  ]);
  const halts = new CsvWriter(join(options.out, csvFileOf(API.suspend_d)), [
    'ts_code',
    'trade_date',
    'suspend_timing',
    'suspend_type',
  ]);
  const valuations = options.wholeMarket
    ? new CsvWriter(join(options.out, csvFileOf(API.daily_basic)), DAILY_BASIC_CSV_COLUMNS)
    : null;
  const lastBars = new Map<string, SessionBar[]>();
  const minuteSessions = options.wholeMarket?.minuteSessions ?? 3;

  let yearStart = 0;
  for (const [d, day] of days.entries()) {
    const year = Number(day.slice(0, 4));
    const newYear = d === 0 || days[d - 1]!.slice(0, 4) !== day.slice(0, 4);
    if (newYear) yearStart = d;
    const dayOfYear = d - yearStart;
    for (const [s, stock] of stocks.entries()) {
      if (d < stock.listIndex) continue;
      if (newYear && random.next() < 0.7) stock.exDayOfYear.set(year, random.int(110, 140)); // June-July
      if (d > stock.suspendedUntil && d > stock.listIndex && random.next() < 0.002)
        stock.suspendedUntil = d + random.int(0, 9);
      if (d <= stock.suspendedUntil) {
        await halts.write([stock.tsCode, day, '', 'S']);
        continue;
      }
      let preClose = stock.close;
      if (stock.exDayOfYear.get(year) === dayOfYear && preClose > 2) {
        const cash = fixed2(preClose * random.between(0.005, 0.03)) || 0.01;
        const exPreClose = fixed2(preClose - cash);
        stock.adjFactor *= preClose / exPreClose;
        const previous = days[d - 1]!;
        await dividend.write([stock.tsCode, `${year - 1}1231`, `${year}0415`, '实施', cash, cash, previous, day, day]);
        preClose = exPreClose;
      }
      const bar = randomDailyBar(preClose, limitBand(stock.tsCode, day), random);
      await daily.write(dailyCsvRow(stock.tsCode, day, bar));
      await adj.write([stock.tsCode, day, round4(stock.adjFactor)]);
      await valuations?.write(dailyBasicCsvRow(stock.tsCode, s, day, bar));
      stock.close = bar.close;
      if (d >= days.length - minuteSessions)
        lastBars.set(stock.tsCode, [...(lastBars.get(stock.tsCode) ?? []), { day, ...bar }]);
    }
  }

  const counts: Record<string, number> = {
    [csvFileOf(API.stock_basic)]: await basic.close(),
    [csvFileOf(API.trade_cal)]: await calendar.close(),
    [csvFileOf(API.daily)]: await daily.close(),
    [csvFileOf(API.adj_factor)]: await adj.close(),
    [csvFileOf(API.dividend)]: await dividend.close(),
    [csvFileOf(API.suspend_d)]: await halts.close(),
  };
  counts[csvFileOf(API.income)] = await writeIncome(
    join(options.out, csvFileOf(API.income)),
    stocks,
    days,
    new Random(options.seed + 1),
  );
  if (!valuations) {
    Object.assign(
      counts,
      await writeIntraday(options.out, [...lastBars.entries()].slice(0, 3), new Random(options.seed + 2)),
    );
    return counts;
  }
  counts[csvFileOf(API.daily_basic)] = await valuations.close();
  counts[csvFileOf(API.index_weight)] = await writeIndexWeights(options.out, days, stocks);
  Object.assign(
    counts,
    await writeSessionFiles(options.out, days.slice(-minuteSessions), lastBars, new Random(options.seed + 2)),
  );
  return counts;
}
