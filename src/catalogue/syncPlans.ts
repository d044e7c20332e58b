import type { DatasetSync } from '../domain/tables/datasetDescriptor';
import { calendarHorizon } from '../domain/time/calendar';
import { compact, daysOf, reportingPeriodsOf } from '../domain/time/syncPeriods';

/** One call's worth of work, recorded in sync_progress under (api, part) once finished. */
export interface SyncPart {
  part: string;
  params: Record<string, string>;
  /** The last day upstream may still add rows to this part; a part is finished only once today is past it. */
  settlesOn: string;
}

/** What the store knows when the sync plans its parts: the range and the codes the reference calls brought. */
export interface SyncRange {
  from: string;
  to: string;
  /** Open SSE days of the range, ascending. */
  openDays: string[];
  /** Index codes in securities (after index_basic). */
  indexCodes: string[];
  /** Level-1 Shenwan industry index codes (after index_classify). */
  industryCodes: string[];
  /** Stocks listed at some time in the range (after stock_basic). */
  stockCodes: string[];
  /** Tonghuashun's A-share boards (after ths_index). */
  boardCodes: string[];
  /** Convertible bonds listed at some time in the range (after cb_basic). */
  convertibleCodes: string[];
}

/**
 * How the sync asks Tushare for an api. `whole`: reference data fetched whole on every run, before the calendar
 * (each parameter set one call; `always`: even when not named, the calendar every other plan needs). `parts`:
 * fetched part by part, each part recorded in sync_progress once finished, so a rerun resumes; `perSession`
 * when each part is one open session named by its day (what an update asks for a new session).
 */
export type SyncPlan =
  | { whole: (window: { from: string; to: string; today: string }) => Record<string, string>[]; always?: boolean }
  | { parts: (range: SyncRange) => SyncPart[]; perSession?: boolean };

export const isWholePlan = (plan: SyncPlan): plan is Extract<SyncPlan, { whole: unknown }> => 'whole' in plan;

/** Whether a plan asks one open session a call, named by its day: what an update asks for a new session. */
export const asksPerSession = (plan: SyncPlan | undefined): boolean =>
  plan !== undefined && !isWholePlan(plan) && plan.perSession === true;

/** Reference data fetched whole on every run, one call per parameter set. */
export const whole = (...calls: Record<string, string>[]): SyncPlan => ({ whole: () => calls });

/** The SSE calendar of the range, to the horizon the exchange has published; fetched on every sync. */
export const calendarOfRange: SyncPlan = {
  whole: ({ from, to, today }) => [
    { exchange: 'SSE', start_date: compact(from), end_date: compact(calendarHorizon(to, today)) },
  ],
  always: true,
};

/** Reference data that changes at any time: fetched again on every run (never recorded as finished). */
export const ALWAYS_AGAIN = '9999-12-31';

const openDays = (param: string) => (range: SyncRange) =>
  range.openDays.map((day) => ({ part: day, params: { [param]: compact(day) }, settlesOn: day }));

/** One call per open session, naming the day in `param`. */
export const perOpenDay = (param: string): SyncPlan => ({ parts: openDays(param), perSession: true });

/** Every calendar day of the range: announcements and dividend plans are published on closed days too. */
const calendarDays =
  (param: string, prefix = '') =>
  ({ from, to }: SyncRange): SyncPart[] =>
    daysOf(from, to).map((day) => ({ part: `${prefix}${day}`, params: { [param]: compact(day) }, settlesOn: day }));

export const perCalendarDay = (param: string): SyncPlan => ({ parts: calendarDays(param) });

/**
 * Dividends by ex-date (the events the price adjustments hang on, one open day per call) and by announcement
 * date, or proposals, which have no ex-date yet, would never arrive.
 */
export const byExAndAnnouncementDay: SyncPlan = {
  parts: (range) => [...openDays('ex_date')(range), ...calendarDays('ann_date', 'ann ')(range)],
};

/** One call per quarter-end reporting period of the range, naming it in `param`; settled once its reports are due. */
export const perReportingPeriod = (param: string): SyncPlan => ({
  parts: ({ from, to }) =>
    reportingPeriodsOf(from, to).map(({ period, dueOn }) => ({
      part: period,
      params: { [param]: compact(period) },
      settlesOn: dueOn,
    })),
});

/**
 * One call per stock for the report periods of the range (the top-ten holders need a ts_code), finished once
 * the last period's reports are due.
 */
const perStockPeriods: SyncPlan = {
  parts: ({ from, to, stockCodes }) => {
    const settlesOn = reportingPeriodsOf(from, to).at(-1)?.dueOn ?? to;
    return stockCodes.map((code) => ({
      part: `${code} ${compact(from)}..${compact(to)}`,
      params: { ts_code: code, start_date: compact(from), end_date: compact(to) },
      settlesOn,
    }));
  },
};

/** One call per code of a list the reference calls brought (`ts_code`), asked again on every run. */
export const perCodeEveryRun = (codes: (range: SyncRange) => string[]): SyncPlan => ({
  parts: (range) => codes(range).map((code) => ({ part: code, params: { ts_code: code }, settlesOn: ALWAYS_AGAIN })),
});

/** The plan of a dataset as its descriptor states it. */
export function datasetPlan(sync: DatasetSync<string>): SyncPlan {
  switch (sync.per) {
    case 'stock-periods':
      return perStockPeriods;
    case 'session':
      return perOpenDay(sync.param);
    case 'day':
      return perCalendarDay(sync.param);
    case 'convertible':
      return perCodeEveryRun((range) => range.convertibleCodes);
  }
}
