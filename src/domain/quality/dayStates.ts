import { priceDecimalsOf } from '../market/adjust';
import type { AuditSeries, BarLimit } from './barChecks';
import { finding, type Finding } from './findings';
import { isDelistingName, isRiskWarningName, isUnreformedName } from './priceLimits';

/**
 * A security's state on a day, by the rules the audit checks its bars with (`limitOfBar`, `priceLimits.ts`):
 * what a researcher filters a day by. Computed by the audit for every day it reads and stored (`day_states`).
 */
export interface DayState {
  date: string;
  /** Its name that day; null when the store holds none. */
  name: string | null;
  /** Its risk warning by its name that day; null when the store holds no name of that day. */
  risk_warning: RiskWarning | null;
  /** The day's limit prices (yuan), null when the day has no limit or it is suspended. */
  limit_up: number | null;
  limit_down: number | null;
  /** Where they come from; `no_limit` when the rules give the day none; null when suspended or unknown. */
  limit_source: LimitSource | null;
  /** How it closed against them; null when the day has no limit or it is suspended. */
  limit_move: LimitMove | null;
  /**
   * Consecutive sessions closed at the up limit through this one (0 when it did not); null when suspended, or when
   * it did and the sessions before are not all stored (the count cannot be known).
   */
  limit_streak: number | null;
  /** Its listing's session number (1: the first day); null when listed before the stored calendar or unknown. */
  listing_session: number | null;
  suspended: boolean;
}

/**
 * The risk warnings a name carried (SSE and SZSE Stock Listing Rules, chapter 9 of the 2020 revision, and before
 * it chapter 13): `ST` other risk warning, `*ST` delisting risk warning, `delisting` the delisting-arrangement
 * period (退市XX before 2020, XX退 from then), `S` a share whose split-share reform was not done (2006-10-09 until
 * its reform), `none` none. SST and S*ST are unreformed shares under ST or *ST: their warning is the graver.
 */
export const RISK_WARNINGS = ['none', 'ST', '*ST', 'delisting', 'S'] as const;
export type RiskWarning = (typeof RISK_WARNINGS)[number];

/** `up` closed at the up limit, `down` at the down limit, `opened` touched the up limit and closed below it (炸板). */
export const LIMIT_MOVES = ['up', 'down', 'opened', 'none'] as const;
export type LimitMove = (typeof LIMIT_MOVES)[number];

/** `source` the source's stk_limit row, `computed` the rules' (no row sent), `no_limit` a day without a limit. */
export const LIMIT_SOURCES = ['source', 'computed', 'no_limit'] as const;
export type LimitSource = (typeof LIMIT_SOURCES)[number];

/** The risk warning a name marks. */
export function riskWarningOf(name: string): RiskWarning {
  if (isDelistingName(name)) return 'delisting';
  // The audit's own reading of a warning (isRiskWarningName); a star before ST makes it *ST.
  if (isRiskWarningName(name)) return /^[SG]?\*/i.test(name.trim()) ? '*ST' : 'ST';
  return isUnreformedName(name) ? 'S' : 'none';
}

/** A name a security had, from `start` through `end` (null: still). */
export interface NameSpan {
  name: string;
  start: string;
  end: string | null;
}

/** The name a security had on a day, by its name spans (the newest that covers the day); null when none covers it. */
export function nameOnDay(spans: readonly NameSpan[]): (date: string) => string | null {
  const newestFirst = [...spans].reverse();
  return (date) => newestFirst.find(({ start, end }) => start <= date && (end === null || date <= end))?.name ?? null;
}

/** The close at a limit price: prices are stored at the tick, so half a tick apart is the same price. */
export function limitMoveOf(
  bar: { high: number | null; close: number | null },
  limit: { up: number; down: number },
  decimals: number,
): LimitMove | null {
  const { high, close } = bar;
  if (close === null) return null;
  const half = 10 ** -decimals / 2;
  if (close >= limit.up - half) return 'up';
  if (close <= limit.down + half) return 'down';
  return high !== null && high >= limit.up - half ? 'opened' : 'none';
}

/** A source's limit prices of a day (stk_limit). */
export interface SourceLimit {
  up: number | null;
  down: number | null;
}

/** A session's up-limit streak. */
export interface StreakOn {
  date: string;
  streak: number | null;
}

/** What the states of a series rest on besides the series itself. */
export interface StateInputs {
  /** The rules' limit of each bar (`barLimits`), in the series' order. */
  limits: readonly (BarLimit | null)[];
  /** The source's limit prices by day. */
  sourceLimits: ReadonlyMap<string, SourceLimit>;
  /** The name of each day. */
  nameOn(date: string): string | null;
  /** The stored state of the security's last session before the series' first bar, when there is one. */
  before: StreakOn | null;
  /** Sessions it was suspended without a bar, to be given a state of their own. */
  suspendedDays: readonly string[];
}

/**
 * The state of each of a series' bars and suspended days, oldest first. The limit prices are the source's where it
 * sent a row for a day the rules give a limit (a row for a day without one, a new listing's placeholder, is the
 * audit's `limit_price_mismatch`, never a limit); the streak counts the security's own sessions, so a suspension
 * neither breaks it nor adds to it, and a gap in the stored bars makes it unknown.
 */
export function dayStates(series: AuditSeries, inputs: StateInputs): DayState[] {
  const decimals = priceDecimalsOf(series.kind);
  const named = (date: string) => {
    const name = inputs.nameOn(date);
    return { name, risk_warning: name === null ? null : riskWarningOf(name) };
  };
  const traded = series.bars.map((bar, i): DayState => {
    const computed = inputs.limits[i] ?? null;
    const source = inputs.sourceLimits.get(bar.date);
    const limit =
      computed === null
        ? null
        : source?.up != null && source.down != null
          ? { up: source.up, down: source.down, source: 'source' as const }
          : { up: computed.up, down: computed.down, source: 'computed' as const };
    // B shares are not audited: their limits are not known here, not absent.
    const noLimit = computed === null && series.board !== 'b_share' && bar.pre_close !== null && bar.pre_close > 0;
    return {
      date: bar.date,
      ...named(bar.date),
      limit_up: limit?.up ?? null,
      limit_down: limit?.down ?? null,
      limit_source: limit?.source ?? (noLimit ? 'no_limit' : null),
      limit_move: limit === null ? null : limitMoveOf(bar, limit, decimals),
      limit_streak: 0,
      listing_session: series.sessionOf(bar.date),
      suspended: false,
    };
  });
  let previous = inputs.before;
  for (const state of traded) {
    // The count goes on from the session before only when it is the security's previous session (the days between
    // all suspended); from its listing it starts at none; else an up close's count is unknown.
    const counted =
      previous === null
        ? state.listing_session === 1
          ? 0
          : null
        : series.follows(previous.date, state.date)
          ? previous.streak
          : null;
    state.limit_streak = state.limit_move !== 'up' ? 0 : counted === null ? null : counted + 1;
    previous = { date: state.date, streak: state.limit_streak };
  }
  const suspended = inputs.suspendedDays.map((date): DayState => ({
    date,
    ...named(date),
    limit_up: null,
    limit_down: null,
    limit_source: null,
    limit_move: null,
    limit_streak: null,
    listing_session: series.sessionOf(date),
    suspended: true,
  }));
  return [...traded, ...suspended].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * `limit_price_mismatch`: the source's limit prices of a day against the rules' (half a tick apart or more), or a
 * source row for a day the rules give no limit (a new listing's first sessions).
 */
export function limitPriceFindings(series: AuditSeries, inputs: StateInputs): Finding[] {
  const half = 10 ** -priceDecimalsOf(series.kind) / 2;
  return series.bars.flatMap((bar, i) => {
    const source = inputs.sourceLimits.get(bar.date);
    if (source === undefined || source.up === null || source.down === null || bar.pre_close === null) return [];
    const computed = inputs.limits[i] ?? null;
    const apart =
      computed === null || Math.abs(computed.up - source.up) >= half || Math.abs(computed.down - source.down) >= half;
    return apart
      ? [
          finding('limit_price_mismatch', series.symbol, bar.date, {
            source_up: source.up,
            source_down: source.down,
            computed_up: computed?.up ?? null,
            computed_down: computed?.down ?? null,
          }),
        ]
      : [];
  });
}

/** A row of the source's limit list (limit_list_d): `U` closed at the up limit, `D` at the down, `Z` opened (炸板). */
export interface SourceLimitListRow {
  date: string;
  limit: string;
  /** Consecutive limit days (连板数) as the source counts them. */
  limit_times: number | null;
}

const MOVE_OF_LIST: Readonly<Record<string, LimitMove>> = { U: 'up', D: 'down', Z: 'opened' };

/**
 * `limit_list_mismatch`: a limit-list row whose move or up-limit streak the computed state does not give (a row
 * the rules cannot judge, without limit prices, is not compared).
 */
export function limitListFindings(
  symbol: string,
  states: readonly DayState[],
  rows: readonly SourceLimitListRow[],
): Finding[] {
  const byDate = new Map(states.map((state) => [state.date, state]));
  return rows.flatMap((row) => {
    const state = byDate.get(row.date);
    if (state === undefined || state.limit_move === null) return [];
    const move = MOVE_OF_LIST[row.limit.trim().toUpperCase()] ?? null;
    const streakApart = move === 'up' && row.limit_times !== null && row.limit_times !== state.limit_streak;
    if (move === state.limit_move && !streakApart) return [];
    return [
      finding('limit_list_mismatch', symbol, row.date, {
        source_limit: row.limit,
        source_limit_times: row.limit_times,
        limit_move: state.limit_move,
        limit_streak: state.limit_streak,
      }),
    ];
  });
}
