import type { LimitMove } from './dayStates';

/** A stock's close of a day against its limits, as the ladder reads it. */
export interface LadderEntry {
  symbol: string;
  move: LimitMove | null;
  streak: number | null;
}

/** A day's ladder: its up-limit stocks by streak then those that opened, and its counts. */
export interface Ladder<E extends LadderEntry> {
  entries: E[];
  up: number;
  down: number;
  opened: number;
  /** up ÷ (up + opened) × 100 at 2 decimals (封板率); null when both are 0. */
  sealRate: number | null;
  /** The highest known streak (最高板); null when none closed up with a known count. */
  topStreak: number | null;
}

/** Up first, by streak (known ones highest first, unknown ones after), then opened; by code within. */
const rank = ({ move, streak }: LadderEntry) => (move === 'up' ? (streak === null ? 1 : 2 + streak) : 0);

/** The ladder of a day's entries (a stock at the down limit or none is counted, not listed). */
export function ladderOf<E extends LadderEntry>(day: readonly E[]): Ladder<E> {
  const count = (move: LimitMove) => day.filter((entry) => entry.move === move).length;
  const [up, opened] = [count('up'), count('opened')];
  const entries = day
    .filter(({ move }) => move === 'up' || move === 'opened')
    .sort((a, b) => rank(b) - rank(a) || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  const streaks = entries.flatMap(({ move, streak }) => (move === 'up' && streak !== null ? [streak] : []));
  return {
    entries,
    up,
    down: count('down'),
    opened,
    sealRate: up + opened === 0 ? null : Math.round((up / (up + opened)) * 10_000) / 100,
    topStreak: streaks.length === 0 ? null : Math.max(...streaks),
  };
}
