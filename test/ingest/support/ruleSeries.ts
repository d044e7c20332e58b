/** Hand-made bar series on the rules' real dates, for the audit's and the day states' tests. */

/** Weekdays from 2024-02-01 to 2026-07-31, open but for Labour Day 2024 (May 1-3), as `YYYYMMDD`. */
function calendar(): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(2024, 1, 1); t <= Date.UTC(2026, 6, 31); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10).replaceAll('-', '');
    if (![0, 6].includes(new Date(t).getUTCDay()) && !['20240501', '20240502', '20240503'].includes(day))
      days.push(day);
  }
  return days;
}
export const SESSIONS = calendar();
export const sessionsFrom = (first: string, count: number) => {
  const at = SESSIONS.indexOf(first);
  return SESSIONS.slice(at, at + count);
};

export interface Series {
  code: string;
  /** The sessions it trades and its close on each; the first bar's pre_close is `first` (10 yuan by default). */
  days: readonly string[];
  closes: readonly number[];
  first?: number;
  /** pre_close where the exchange set it otherwise than the previous close (an ex-date). */
  preCloses?: Readonly<Record<string, number>>;
  /** A high above the open and close (a limit touched and left). */
  highs?: Readonly<Record<string, number>>;
  /** The backward factor from a session on (1 before). */
  factorFrom?: { day: string; factor: number };
}

/** Each bar opens at its pre_close and moves straight to its close; its volume differs every day, its vwap mid-range. */
export function barLines({ code, days, closes, first = 10, preCloses = {}, highs = {} }: Series): string[] {
  return days.map((day, i) => {
    const pre = preCloses[day] ?? (i === 0 ? first : closes[i - 1]!);
    const close = closes[i]!;
    const [high, low] = [highs[day] ?? Math.max(pre, close), Math.min(pre, close)];
    const vol = 1000 + i;
    const amount = +((vol * 100 * (Math.max(pre, close) + low)) / 2 / 1000).toFixed(4);
    return [code, day, pre, high, low, close, pre, +(close - pre).toFixed(3), 0, vol, amount].join(',');
  });
}
export const factorLines = ({ code, days, factorFrom }: Series) =>
  days.map((day) => `${code},${day},${factorFrom && day >= factorFrom.day ? factorFrom.factor : 1}`);
export const flat = (count: number, close = 10) => Array.from({ length: count }, () => close);
export const span = ({ days }: Series) => `${days[0]},${days.at(-1)}`;
