/**
 * The registry of `daily_bars` (and of Tushare's `daily` / `index_daily`, whose layout it keeps): each column of a
 * bar declared once, in Tushare's order, with Tushare's power of ten against the store's units (a stored value
 * is Tushare's × 10^power: the amount comes in thousand yuan, the store keeps yuan; `vol` stays in lots). The
 * loader, the bar reads of the market routes and the Tushare mapping derive from it.
 */
export const DAILY_BAR_COLUMNS = {
  open: 0,
  high: 0,
  low: 0,
  close: 0,
  pre_close: 0,
  change: 0,
  pct_chg: 0,
  vol: 0,
  amount: 3,
} as const satisfies Record<string, number>;

export type DailyBarColumn = keyof typeof DAILY_BAR_COLUMNS;

/** The columns of a bar in Tushare's order. */
export const DAILY_BAR_FIELDS = Object.keys(DAILY_BAR_COLUMNS) as DailyBarColumn[];
