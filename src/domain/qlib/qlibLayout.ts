/**
 * qlib's on-disk layout (microsoft/qlib: `scripts/dump_bin.py`, `qlib/data/storage/file_storage.py`'s
 * FileFeatureStorage, `scripts/dump_pit.py` and `qlib/data/data.py`'s LocalPITProvider), as pure functions:
 * - a feature file `features/<instrument>/<field>.day.bin` is little-endian float32, its first value the index
 *   in `calendars/day.txt` of its first day, then one value a session through its last (NaN where none);
 * - a PIT field `financial/<instrument>/<field>_q.data` is a run of 20-byte records (uint32 date YYYYMMDD,
 *   uint32 period YYYYQ, float64 value, uint32 byte offset of the period's next revision or 0xFFFFFFFF) in date
 *   order, native (little-endian) and packed as numpy reads `[('date','I'),('period','I'),('value','d'),('_next','I')]`;
 *   its `.index` a uint32 first year, then for each quarter from that year's first the offset of its first record.
 */

/**
 * The daily fields written, in qlib's names: the bar's, then its day state's (`day_states`) as a backtest filters
 * by them: `st` 1 under a risk warning (ST, *ST, the delisting arrangement), `limit_up_hit` / `limit_down_hit` 1
 * when it closed at the up / down limit (qlib's `Exchange(limit_threshold=("$limit_up_hit", "$limit_down_hit"))`
 * then refuses the buy or the sell), the limit prices adjusted as the prices are, the up-limit streak.
 */
export const QLIB_FIELDS = [
  'open',
  'high',
  'low',
  'close',
  'volume',
  'amount',
  'vwap',
  'factor',
  'change',
  'st',
  'limit_up',
  'limit_down',
  'limit_up_hit',
  'limit_down_hit',
  'limit_streak',
] as const;
export type QlibField = (typeof QLIB_FIELDS)[number];

/** qlib's name of a security: its exchange then its digits (`600000.SH` → `SH600000`), as dump_bin upper-cases it. */
export const qlibInstrument = (tsCode: string): string => `${tsCode.slice(7)}${tsCode.slice(0, 6)}`.toUpperCase();

/** A stored daily bar as the export reads it: prices in yuan, volume in lots, amount in yuan, its factor that day. */
export interface QlibSourceBar {
  trade_date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  pre_close: number | null;
  vol: number | null;
  amount: number | null;
  adj_factor: number | null;
  /** Its day state (null where the audit stored none). */
  risk_warning: string | null;
  limit_up: number | null;
  limit_down: number | null;
  limit_source: string | null;
  limit_move: string | null;
  limit_streak: number | null;
}

/** 1 or 0 as a state holds, NaN where the state is not known. */
const flag = (known: boolean, holds: boolean) => (known ? (holds ? 1 : 0) : NaN);

/**
 * One bar in qlib's convention (its Yahoo collector's normalisation): prices adjusted (raw × `factor`, so
 * `$close / $factor` is the raw close), volume in adjusted shares (raw shares ÷ `factor`, so price × volume keeps
 * the amount), amount in yuan as traded, `vwap` the adjusted average price (amount ÷ adjusted volume), `change`
 * the day's return (close ÷ pre_close − 1, the ex-reference price on an ex-date). `factor` is the stored
 * backward factor over the security's first one (`base`): fixed history, so a new dividend only appends.
 */
export function qlibValues(bar: QlibSourceBar, factor: number, unitsPerLot: number): Record<QlibField, number> {
  const adjusted = (price: number | null) => (price === null ? NaN : price * factor);
  const shares = bar.vol === null ? NaN : (bar.vol * unitsPerLot) / factor;
  const amount = bar.amount ?? NaN;
  return {
    open: adjusted(bar.open),
    high: adjusted(bar.high),
    low: adjusted(bar.low),
    close: adjusted(bar.close),
    volume: shares,
    amount,
    vwap: shares > 0 ? amount / shares : NaN,
    factor,
    change: bar.close !== null && bar.pre_close ? bar.close / bar.pre_close - 1 : NaN,
    st: flag(bar.risk_warning !== null, ['ST', '*ST', 'delisting'].includes(bar.risk_warning ?? '')),
    limit_up: adjusted(bar.limit_up),
    limit_down: adjusted(bar.limit_down),
    // A day without a limit is no limit hit; a day whose limit is not known is NaN.
    limit_up_hit: flag(bar.limit_move !== null || bar.limit_source === 'no_limit', bar.limit_move === 'up'),
    limit_down_hit: flag(bar.limit_move !== null || bar.limit_source === 'no_limit', bar.limit_move === 'down'),
    limit_streak: bar.limit_streak ?? NaN,
  };
}

/**
 * The factors of a security's bars over its `base` (its first stored factor): a day without a stored factor
 * keeps the day before's (the first days before any, the base). An index has none: 1 throughout.
 */
export function relativeFactors(
  bars: readonly Pick<QlibSourceBar, 'adj_factor'>[],
  base: number | null,
  before: number | null = null,
): number[] {
  let last = before ?? base;
  return bars.map((bar) => {
    if (bar.adj_factor !== null) last = bar.adj_factor;
    return base === null || last === null ? 1 : last / base;
  });
}

/** A feature file's bytes: the start index, then the values, little-endian float32. */
export function featureBytes(start: number, values: ArrayLike<number>): Buffer {
  const floats = new Float32Array(values.length + 1);
  floats[0] = start;
  floats.set(values, 1);
  return Buffer.from(floats.buffer);
}

/** A PIT period: the year × 100 + the quarter a period end falls in (2024-09-30 → 202403). */
export const pitPeriod = (endDate: string): number =>
  Number(endDate.slice(0, 4)) * 100 + Math.ceil(Number(endDate.slice(5, 7)) / 3);

/** One revision of a PIT field: the value of `period` published on `date` (YYYYMMDD). */
export interface PitRecord {
  date: number;
  period: number;
  value: number;
}

const RECORD_BYTES = 20;
const NO_RECORD = 0xffffffff;

/**
 * A PIT field's `.data` and `.index` bytes from its revisions (any order): records by date, then period; each
 * period's revisions linked from the first published to the last, as `dump_pit.py` links them.
 */
export function pitFiles(revisions: readonly PitRecord[]): { data: Buffer; index: Buffer } {
  const records = [...revisions].sort((a, b) => a.date - b.date || a.period - b.period);
  const data = Buffer.alloc(records.length * RECORD_BYTES);
  const firstYear = Math.min(...records.map((record) => Math.floor(record.period / 100)));
  const lastYear = Math.max(...records.map((record) => Math.floor(record.period / 100)));
  const slots = new Uint32Array((lastYear - firstYear + 1) * 4).fill(NO_RECORD);
  const lastOf = new Map<number, number>();
  records.forEach(({ date, period, value }, i) => {
    const at = i * RECORD_BYTES;
    data.writeUInt32LE(date, at);
    data.writeUInt32LE(period, at + 4);
    data.writeDoubleLE(value, at + 8);
    data.writeUInt32LE(NO_RECORD, at + 16);
    const previous = lastOf.get(period);
    if (previous === undefined) slots[(Math.floor(period / 100) - firstYear) * 4 + (period % 100) - 1] = at;
    else data.writeUInt32LE(at, previous + 16);
    lastOf.set(period, at);
  });
  const index = Buffer.alloc(4 + slots.length * 4);
  index.writeUInt32LE(firstYear, 0);
  slots.forEach((slot, i) => index.writeUInt32LE(slot, 4 + i * 4));
  return { data, index };
}
