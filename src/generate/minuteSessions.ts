import { csvFileOf } from '../catalogue/apiDescriptor';
import { API } from '../catalogue/apiCatalogue';
import { join } from 'node:path';
import { clockOf } from '../domain/time/dates';
import { CsvWriter } from './csvWriter';
import { fixed2 } from './dailyStep';
import type { Random } from './random';

/** A daily bar (compact `YYYYMMDD` day, vol in lots) whose session the minute bars and ticks fill in. */
export interface SessionBar {
  day: string;
  open: number;
  high: number;
  low: number;
  close: number;
  vol: number;
}

/** The 240 one-minute bar end times of a session day: 09:31-11:30 and 13:01-15:00. */
function minuteTimes(): string[] {
  const times: string[] = [];
  const add = (from: number, to: number) => {
    for (let minute = from; minute <= to; minute++) times.push(clockOf(minute));
  };
  add(9 * 60 + 31, 11 * 60 + 30);
  add(13 * 60 + 1, 15 * 60);
  return times;
}

/** The column order of Tushare `stk_mins` as the generators write it. */
export const STK_MINS_COLUMNS = ['ts_code', 'trade_time', 'open', 'close', 'high', 'low', 'vol', 'amount'];
const TIMES = minuteTimes();

/**
 * One stock's session as 240 one-minute bars (a path from the day's open to its close inside its range) and,
 * when `ticks` is given, two to four ticks inside each minute, some in the same second.
 */
export async function writeSession(
  minutes: CsvWriter,
  ticks: CsvWriter | null,
  tsCode: string,
  bar: SessionBar,
  random: Random,
): Promise<void> {
  const date = `${bar.day.slice(0, 4)}-${bar.day.slice(4, 6)}-${bar.day.slice(6)}`;
  const clamp = (price: number) => Math.min(bar.high, Math.max(bar.low, fixed2(price)));
  let price = bar.open;
  for (const [i, time] of TIMES.entries()) {
    const open = price;
    const target = bar.open + ((bar.close - bar.open) * (i + 1)) / TIMES.length;
    const close = i === TIMES.length - 1 ? bar.close : clamp(target + (bar.high - bar.low) * 0.1 * random.normal());
    const shares = Math.round((bar.vol * 100) / TIMES.length / 100) * 100 || 100;
    await minutes.write([
      tsCode,
      `${date} ${time}`,
      open,
      close,
      Math.max(open, close),
      Math.min(open, close),
      shares,
      fixed2(shares * close),
    ]);
    if (ticks) await writeTicks(ticks, tsCode, date, time, close, random);
    price = close;
  }
}

async function writeTicks(
  ticks: CsvWriter,
  tsCode: string,
  date: string,
  time: string,
  close: number,
  random: Random,
): Promise<void> {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const start = hour * 3600 + minute * 60 - 60;
  for (let t = 0, second = random.int(0, 20); t < random.int(2, 4); t++, second += random.int(0, 19)) {
    const at = start + Math.min(second, 59);
    const stamp = clockOf(Math.floor(at / 60), at % 60);
    const volume = random.int(1, 50) * 100;
    await ticks.write([tsCode, `${date} ${stamp}`, close, volume, fixed2(volume * close), 'BSN'[random.int(0, 2)]!]);
  }
}

/**
 * `stk_mins.csv` (Tushare, 1-minute bars, vol in shares, amount in yuan) and `ticks.csv` (this project's
 * layout) for the given stocks' last sessions.
 */
export async function writeIntraday(
  out: string,
  series: [string, SessionBar[]][],
  random: Random,
): Promise<Record<string, number>> {
  const minutes = new CsvWriter(join(out, csvFileOf(API.stk_mins)), STK_MINS_COLUMNS);
  const ticks = new CsvWriter(join(out, csvFileOf(API.ticks)), [
    'ts_code',
    'time',
    'price',
    'volume',
    'amount',
    'side',
  ]);
  for (const [tsCode, bars] of series) for (const bar of bars) await writeSession(minutes, ticks, tsCode, bar, random);
  return { [csvFileOf(API.stk_mins)]: await minutes.close(), [csvFileOf(API.ticks)]: await ticks.close() };
}
