import { readFileSync } from 'node:fs';

/** The open days (`YYYYMMDD`, oldest first) of a Tushare `trade_cal.csv` (exchange, cal_date, is_open, …). */
export function openDaysOf(tradeCalCsv: string): string[] {
  return readFileSync(tradeCalCsv, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .filter((cells) => cells[2] === '1')
    .map((cells) => cells[1]!);
}
