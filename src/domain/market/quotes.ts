import { isStandardCode } from '../reference/symbols';

/** One level of the order book: price (yuan) and size (shares). */
export type BookLevel = readonly [price: number, volume: number];

/**
 * A quote snapshot as the free sources publish it, in the store's units: prices in yuan, the day's cumulative
 * volume in shares and amount in yuan, the market time in Beijing `YYYY-MM-DD HH:MM:SS`. A price the source
 * leaves at zero (a suspended stock, before the open) is null.
 */
export interface Snapshot {
  ts_code: string;
  name: string;
  time: string;
  last: number | null;
  open: number | null;
  high: number | null;
  low: number | null;
  pre_close: number | null;
  volume: number;
  amount: number;
  bids: BookLevel[];
  asks: BookLevel[];
  limit_up: number | null;
  limit_down: number | null;
  suspended: boolean;
}

const PREFIXES: Record<string, string> = { SH: 'sh', SZ: 'sz', BJ: 'bj' };
const SUFFIXES: Record<string, string> = { sh: 'SH', sz: 'SZ', bj: 'BJ' };

/** `600519.SH` → the sources' `sh600519`. */
export const sourceCodeOf = (tsCode: string): string => `${PREFIXES[tsCode.slice(7)]}${tsCode.slice(0, 6)}`;

/** The sources' `sh600519` → `600519.SH`; null for a code of no A-share exchange. */
export function tsCodeOfSource(code: string): string | null {
  const standard = `${code.slice(2)}.${SUFFIXES[code.slice(0, 2)] ?? ''}`;
  return isStandardCode(standard) ? standard : null;
}

const price = (text: string | undefined): number | null => {
  const value = Number(text);
  return text === undefined || text === '' || !Number.isFinite(value) || value === 0 ? null : value;
};
const count = (text: string | undefined): number => {
  const value = Number(text);
  return text === undefined || text === '' || !Number.isFinite(value) ? 0 : value;
};

/**
 * The snapshots of a source's answer: each `name="body"` assignment (`v_sh600519="…";`, `var hq_str_sh600519="…";`)
 * of an A-share code, its body split by `separator` and read by `read` (null: not a quote, e.g. an unknown code).
 */
function snapshotsOf(
  text: string,
  prefix: string,
  separator: string,
  read: (fields: string[], tsCode: string) => Snapshot | null,
): Snapshot[] {
  const snapshots: Snapshot[] = [];
  for (const match of text.matchAll(new RegExp(`${prefix}([a-z]{2}\\d{6})="([^"]*)"`, 'g'))) {
    const tsCode = tsCodeOfSource(match[1]!);
    const snapshot = tsCode === null ? null : read(match[2]!.split(separator), tsCode);
    if (snapshot !== null) snapshots.push(snapshot);
  }
  return snapshots;
}

/** Pairs of (price, size) from a run of fields, in the given order; sizes × `lot`. Empty levels are left out. */
function levels(fields: readonly string[], at: number, priceFirst: boolean, lot: number): BookLevel[] {
  const book: BookLevel[] = [];
  for (let i = 0; i < 5; i++) {
    const [p, v] = priceFirst
      ? [fields[at + 2 * i], fields[at + 2 * i + 1]]
      : [fields[at + 2 * i + 1], fields[at + 2 * i]];
    const level = price(p);
    if (level !== null) book.push([level, count(v) * lot]);
  }
  return book;
}

/**
 * Tencent's `qt.gtimg.cn/q=` answer (decoded from GBK): one `v_sh600519="…";` per code, fields split by `~`:
 * name 1, last 3, pre-close 4, open 5, volume in lots 6, bid price/lots 9-18, ask price/lots 19-28, time
 * `YYYYMMDDHHMMSS` 30, high 33, low 34, `last/volume/amount in yuan` 35, status 40 (`S`: suspended), limit-up
 * 47 and limit-down 48. An unknown code answers `v_pv_none_match="1";`, which has no code and is skipped.
 */
export function parseTencent(text: string): Snapshot[] {
  return snapshotsOf(text, 'v_', '~', (f, tsCode) => {
    if (f.length < 49 || !/^\d{14}$/.test(f[30]!)) return null;
    const t = f[30]!;
    const [, lots, yuan] = f[35]!.split('/');
    return {
      ts_code: tsCode,
      name: f[1]!,
      time: `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}`,
      last: price(f[3]),
      open: price(f[5]),
      high: price(f[33]),
      low: price(f[34]),
      pre_close: price(f[4]),
      volume: count(lots ?? f[6]) * 100,
      amount: yuan === undefined ? count(f[37]) * 10_000 : count(yuan),
      bids: levels(f, 9, true, 100),
      asks: levels(f, 19, true, 100),
      limit_up: price(f[47]),
      limit_down: price(f[48]),
      suspended: f[40] === 'S',
    };
  });
}

/**
 * Sina's `hq.sinajs.cn/list=` answer (decoded from GBK): one `var hq_str_sh600519="…";` per code, fields split
 * by `,`: name 0, open 1, pre-close 2, last 3, high 4, low 5, volume in shares 8, amount in yuan 9, bid
 * shares/price 10-19, ask shares/price 20-29, date 30, time 31, status 32 (`00` trading; anything else a halt).
 * An unknown code answers an empty body, which is skipped. Sina gives no limit prices.
 */
export function parseSina(text: string): Snapshot[] {
  return snapshotsOf(text, 'var hq_str_', ',', (f, tsCode) => {
    if (f.length < 32 || !/^\d{4}-\d{2}-\d{2}$/.test(f[30]!) || !/^\d{2}:\d{2}:\d{2}$/.test(f[31]!)) return null;
    return {
      ts_code: tsCode,
      name: f[0]!,
      time: `${f[30]} ${f[31]}`,
      last: price(f[3]),
      open: price(f[1]),
      high: price(f[4]),
      low: price(f[5]),
      pre_close: price(f[2]),
      volume: count(f[8]),
      amount: count(f[9]),
      bids: levels(f, 10, false, 1),
      asks: levels(f, 20, false, 1),
      limit_up: null,
      limit_down: null,
      suspended: f[32] !== undefined && f[32] !== '' && f[32] !== '00',
    };
  });
}
