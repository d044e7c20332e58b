import { roundTo } from '../api/numbers';
import { periodOf, previousYearEnd, yearEarlier, type PeriodKind } from './reportPeriods';

/** Numeric figures of one report, by field name; null where the source lacks a value. */
export type Figures = Readonly<Record<string, number | null>>;

/** How each field of a statement becomes a trailing-twelve-month figure. */
export interface TtmRule {
  /** Year-to-date flows: TTM(Y, q) = YTD(Y, q) + FY(Y−1) − YTD(Y−1, q); at a year end it is the annual figure. */
  flows: readonly string[];
  /** Balances at the period end, taken as reported. */
  balances?: readonly string[];
  /** Opening balances: the TTM window opens one year earlier, so each takes the named closing balance then. */
  openings?: Readonly<Record<string, string>>;
  /** Decimal places of a flow (default 2, money to the fen; e.g. 4 for EPS). */
  decimals?: Readonly<Record<string, number>>;
}

/** YTD(Y, q) + FY(Y−1) − YTD(Y−1, q); null when any part is missing, never a partial sum. */
export function ttmValue(ytd: number | null, priorYearEnd: number | null, priorYtd: number | null): number | null {
  if (ytd === null || priorYearEnd === null || priorYtd === null) return null;
  return ytd + priorYearEnd - priorYtd;
}

const valueOf = (figures: Figures | undefined, field: string): number | null => figures?.[field] ?? null;

/**
 * The TTM figures ending at `endDate`, from the year-to-date reports by end date: the annual report itself at a
 * year end. Null when there is no report at `endDate`; fields whose parts are missing (a report not
 * published, a value absent) are null.
 */
export function ttmFigures(byEnd: ReadonlyMap<string, Figures>, endDate: string, rule: TtmRule): Figures | null {
  const current = byEnd.get(endDate);
  const period = periodOf(endDate);
  if (current === undefined || period === null) return null;
  if (period.quarter === 4) return current;
  const priorYearEnd = byEnd.get(previousYearEnd(endDate));
  const priorYtd = byEnd.get(yearEarlier(endDate));
  const result: Record<string, number | null> = {};
  for (const field of rule.flows) {
    const value = ttmValue(valueOf(current, field), valueOf(priorYearEnd, field), valueOf(priorYtd, field));
    result[field] = roundTo(value, rule.decimals?.[field] ?? 2);
  }
  for (const field of rule.balances ?? []) result[field] = valueOf(current, field);
  for (const [field, closing] of Object.entries(rule.openings ?? {})) result[field] = valueOf(priorYtd, closing);
  return result;
}

/** The figures a period kind shows at `endDate`: as reported for annual and quarterly, trailing twelve months for ttm. */
export function figuresOfKind(
  byEnd: ReadonlyMap<string, Figures>,
  endDate: string,
  kind: PeriodKind,
  rule: TtmRule,
): Figures | null {
  return kind === 'ttm' ? ttmFigures(byEnd, endDate, rule) : (byEnd.get(endDate) ?? null);
}
