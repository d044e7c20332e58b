/** Reporting periods of Chinese periodic reports: Q1 (03-31), half-year (06-30), Q3 (09-30), annual (12-31). */

export type PeriodKind = 'annual' | 'quarterly' | 'ttm';
export type Quarter = 1 | 2 | 3 | 4;

const QUARTER_OF_MONTH_DAY: Record<string, Quarter> = { '03-31': 1, '06-30': 2, '09-30': 3, '12-31': 4 };
const REPORT_LABELS: Record<Quarter, string> = { 1: '一季报', 2: '中报', 3: '三季报', 4: '年报' };

export interface ReportPeriod {
  year: number;
  quarter: Quarter;
}

/** The period a report end date closes, or null for a date that ends no periodic report. */
export function periodOf(endDate: string): ReportPeriod | null {
  const quarter = QUARTER_OF_MONTH_DAY[endDate.slice(5)];
  return quarter === undefined ? null : { year: Number(endDate.slice(0, 4)), quarter };
}

/** Whether a report ending on `endDate` is listed under `kind` (annual lists year ends only). */
export function isListedUnder(endDate: string, kind: PeriodKind): boolean {
  const period = periodOf(endDate);
  return period !== null && (kind !== 'annual' || period.quarter === 4);
}

/** The same period end one year earlier: 2024-09-30 → 2023-09-30. */
export function yearEarlier(endDate: string): string {
  return `${Number(endDate.slice(0, 4)) - 1}${endDate.slice(4)}`;
}

/** The end of the fiscal year before the one `endDate` falls in: 2024-09-30 → 2023-12-31. */
export function previousYearEnd(endDate: string): string {
  return `${Number(endDate.slice(0, 4)) - 1}-12-31`;
}

/**
 * Localised label: `2024年一季报`, `2024年中报`, `2024年三季报`, `2024年年报`. A trailing-twelve-month figure
 * ending at a year end is `2024年TTM`; one ending at a quarter carries that report's label, `2024年三季报TTM`.
 */
export function reportName(endDate: string, kind: PeriodKind): string {
  const period = periodOf(endDate);
  if (period === null) return endDate;
  const label = REPORT_LABELS[period.quarter];
  if (kind !== 'ttm') return `${period.year}年${label}`;
  return period.quarter === 4 ? `${period.year}年TTM` : `${period.year}年${label}TTM`;
}

export interface PeriodWindow {
  begin?: string;
  end: string;
  limit: number;
  offset: number;
}

/** The report end dates listed under `kind` inside [begin, end], newest first. */
export function listedPeriods(
  endDates: Iterable<string>,
  kind: PeriodKind,
  window: Pick<PeriodWindow, 'begin' | 'end'>,
): string[] {
  return [...new Set(endDates)]
    .filter(
      (date) => isListedUnder(date, kind) && date <= window.end && (window.begin === undefined || date >= window.begin),
    )
    .sort()
    .reverse();
}

/** One page of the listed periods. */
export function pageOfPeriods(listed: string[], window: Pick<PeriodWindow, 'limit' | 'offset'>): string[] {
  return listed.slice(window.offset, window.offset + window.limit);
}

/**
 * The report end dates the figures of `shown` periods depend on, reaching `yearsBack` years back: each period,
 * and for each year back the same period then and the year end before it (a TTM figure is YTD + the prior
 * fiscal year − the prior YTD; growth compares with the same figure a year earlier; an opening balance is the
 * prior year end's or, for TTM, the year-earlier period's). Only these are read: every period of those years
 * was up to four times as many rows for a whole market.
 */
export function periodsNeeded(shown: readonly string[], yearsBack: number): string[] {
  const needed = new Set<string>();
  for (const end of shown) {
    let at = end;
    needed.add(at);
    for (let year = 0; year < yearsBack; year++) {
      needed.add(previousYearEnd(at));
      at = yearEarlier(at);
      needed.add(at);
    }
  }
  return [...needed].sort();
}
