import { FIVE_MINUTE_BARS, INTRADAY_BARS } from '../domain/tables/marketLayouts';
import { columnsOf } from '../domain/tables/tableLayout';
import type { TableLoad } from './loaderTypes';
import { DATE_TIME, required, requiredNum, tsCode } from './fieldParsers';
import { layoutLoad, layoutRow } from './layoutRows';

/** `YYYY-MM-DD HH:MM:SS` Beijing time, inside the normal sessions 09:30-11:30 and 13:00-15:00. */
function sessionTime(values: Record<string, string>, column: string): string {
  const value = required(values, column);
  const match = DATE_TIME.exec(value);
  if (!match || Number.isNaN(Date.parse(`${match[1]}T${match[2]}Z`))) {
    throw new Error(`invalid time in column ${column}: ${value} (expected YYYY-MM-DD HH:MM:SS)`);
  }
  const time = match[2]!;
  const inSession = (time >= '09:30:00' && time <= '11:30:00') || (time >= '13:00:00' && time <= '15:00:00');
  if (!inSession) throw new Error(`time outside the trading sessions 09:30-11:30 and 13:00-15:00: ${value}`);
  return value;
}

/** A minute-bar table's loader: bar end times inside the sessions, vol in shares, amount in yuan; a file lacking a column is refused. */
const minuteBarLoad = (layout: typeof INTRADAY_BARS): TableLoad =>
  layoutLoad(layout, 'intraday', {
    columns: columnsOf(layout),
    toRow: (values) => Object.assign(layoutRow(layout, values), { trade_time: sessionTime(values, 'trade_time') }),
  });

/** Tushare `stk_mins` with freq=1min (its layout). */
export const stkMins: TableLoad = minuteBarLoad(INTRADAY_BARS);

/** Tushare `stk_mins` with freq=5min (`stk_mins_5min.csv` in a bundle; Baostock's five-minute bars). */
export const stkMins5min: TableLoad = minuteBarLoad(FIVE_MINUTE_BARS);

const SIDES = new Set(['B', 'S', 'N']);

/**
 * `ticks.csv` (this project's layout, see db/demo/README.md): ts_code, time, price, volume (shares),
 * amount (yuan), side (B/S/N). `seq` is the order of a trade among those of its stock in the same second,
 * as the file lists them, so reloading a file gives the same keys.
 */
export const ticks = async (): Promise<TableLoad> => {
  const last = new Map<string, { time: string; seq: number }>();
  return {
    table: 'trades',
    key: ['ts_code', 'trade_time', 'seq'],
    columns: ['ts_code', 'time', 'price', 'volume', 'amount', 'side'],
    dataset: 'intraday',
    toRow(values) {
      const code = tsCode(values);
      const time = sessionTime(values, 'time');
      const side = required(values, 'side');
      if (!SIDES.has(side)) throw new Error(`side must be B, S or N: ${side}`);
      const previous = last.get(code);
      const seq = previous?.time === time ? previous.seq + 1 : 0;
      last.set(code, { time, seq });
      return {
        ts_code: code,
        trade_time: time,
        seq,
        price: requiredNum(values, 'price'),
        volume: requiredNum(values, 'volume'),
        amount: requiredNum(values, 'amount'),
        side,
      };
    },
  };
};
