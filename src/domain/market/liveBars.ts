import { clockOf } from '../time/dates';
import type { MinuteBar } from './klines';
import type { Snapshot } from './quotes';

/**
 * A one-minute bar the live feed makes: the stored bar (klines' MinuteBar: labelled by its minute's end,
 * Beijing, volume in shares, amount in yuan) of a security, every figure known.
 */
export type LiveMinuteBar = { ts_code: string; trade_time: string } & {
  [K in Exclude<keyof MinuteBar, 'trade_time'>]: number;
};

const at = (date: string, hhmm: string) => `${date} ${hhmm}:00`;

/** The minute after a `HH:MM:SS` time, as `HH:MM`. */
const nextMinute = (time: string): string =>
  clockOf(Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + 1).slice(0, 5);

/**
 * The bar a snapshot's market time falls in, by its minute's end: a time on the minute ends the bar of that
 * minute, any later second belongs to the next one. The opening auction (09:15-09:30) goes into the first bar
 * (09:31), a print after a session's close (11:30:xx, 15:00:xx) into its last bar; other times none (null).
 */
export function barLabelOf(time: string): string | null {
  const [date, clock] = [time.slice(0, 10), time.slice(11, 19)];
  if (clock < '09:15:00' || clock > '15:05:00') return null;
  if (clock <= '09:30:00') return at(date, '09:31');
  if (clock > '11:30:00' && clock < '13:00:00') return clock <= '11:35:00' ? at(date, '11:30') : null;
  if (clock === '13:00:00') return at(date, '13:01');
  if (clock > '15:00:00') return at(date, '15:00');
  return at(date, clock.endsWith(':00') ? clock.slice(0, 5) : nextMinute(clock));
}

/** What the builder knows of one symbol: its bar in progress and the day's cumulative figures where that bar began. */
interface SymbolState {
  date: string;
  lastTime: string;
  bar: LiveMinuteBar | null;
  /** Cumulative volume and amount at the last snapshot before the bar in progress. */
  base: { volume: number; amount: number };
  latest: { volume: number; amount: number };
  /** The first minute seen after joining mid-session: its start is unknown, so it makes no bar. */
  partial: string | null;
}

/**
 * Builds one-minute bars from quote snapshots: open, high, low and close from the last prices of the minute's
 * snapshots; volume and amount as the differences of the day's cumulative figures across the minute, so a
 * missed poll loses no volume and invents none (the next snapshot's difference carries it). Snapshots of a
 * suspended stock, without a price, or not newer than the last one seen make no bar. Joining mid-session,
 * the first minute seen is skipped (its start is unknown) and bars begin with the next.
 */
export class MinuteBarBuilder {
  private readonly states = new Map<string, SymbolState>();

  /** The bar of the snapshot's minute after it, or null when it makes none. */
  update(snapshot: Snapshot): LiveMinuteBar | null {
    const label = barLabelOf(snapshot.time);
    if (label === null || snapshot.suspended || snapshot.last === null) return null;
    const date = snapshot.time.slice(0, 10);
    let state = this.states.get(snapshot.ts_code);
    if (state !== undefined && (state.date !== date || snapshot.volume < state.latest.volume)) state = undefined;
    if (state === undefined) {
      const first = label === at(date, '09:31');
      const start = first ? { volume: 0, amount: 0 } : { volume: snapshot.volume, amount: snapshot.amount };
      state = { date, lastTime: '', bar: null, base: start, latest: start, partial: first ? null : label };
      this.states.set(snapshot.ts_code, state);
    }
    if (snapshot.time <= state.lastTime) return null;
    state.lastTime = snapshot.time;
    if (state.partial === label) {
      state.base = state.latest = { volume: snapshot.volume, amount: snapshot.amount };
      return null;
    }
    state.partial = null;
    const { last } = snapshot;
    if (state.bar === null || state.bar.trade_time !== label) {
      state.base = state.latest;
      state.bar = {
        ts_code: snapshot.ts_code,
        trade_time: label,
        open: last,
        high: last,
        low: last,
        close: last,
        vol: 0,
        amount: 0,
      };
    }
    const bar = state.bar;
    bar.high = Math.max(bar.high, last);
    bar.low = Math.min(bar.low, last);
    bar.close = last;
    state.latest = { volume: snapshot.volume, amount: snapshot.amount };
    bar.vol = snapshot.volume - state.base.volume;
    bar.amount = Math.round((snapshot.amount - state.base.amount) * 100) / 100;
    return { ...bar };
  }
}

/**
 * Whether the sources are worth polling at a Beijing wall-clock time (`HH:MM:SS`) of a trading day: the
 * call auction and morning session 09:15-11:30 and the afternoon 13:00-15:00, each with a minute's grace for
 * the prints that close it.
 */
export const isPollingTime = (clock: string): boolean =>
  (clock >= '09:15:00' && clock < '11:31:00') || (clock >= '13:00:00' && clock < '15:01:00');
