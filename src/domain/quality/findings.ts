/**
 * What the audit can find, by name, and how grave each is: `error` for a row that is wrong by the exchange's own
 * rules or the store's (a price past its limit, a security's missing session), `warning` for one that is unusual
 * but can be true (a factor step on a day no stored event explains: rights issues are not dividends) or that the
 * update repairs on its own (a session loaded for part of the market).
 */
export const CHECKS = {
  missing_session: 'error',
  partial_session: 'warning',
  bar_on_closed_day: 'error',
  ohlc_inconsistent: 'error',
  vwap_outside_range: 'error',
  limit_breach: 'error',
  // An offer's first day outside its band: a listing that was no offer (a share exchange, a relisting under a new
  // code) has no band and reads the same, and the store cannot tell them apart.
  first_day_band: 'warning',
  pre_close_mismatch: 'error',
  factor_step_without_event: 'warning',
  event_without_factor_step: 'error',
  factor_step_mismatch: 'error',
  stale_bar: 'warning',
  zero_volume: 'warning',
  source_mismatch: 'error',
  // The source's limit prices or limit list against the rules' state of the day: one of the two is wrong, and the
  // store cannot tell which (a rule the exchanges changed, or a source's slip: tushare #1784).
  limit_price_mismatch: 'warning',
  limit_list_mismatch: 'warning',
  balance_sheet_identity: 'error',
} as const;

export type CheckName = keyof typeof CHECKS;
export type Severity = (typeof CHECKS)[CheckName];
export const CHECK_NAMES = Object.keys(CHECKS) as CheckName[];

/** One finding: a check that failed on a security (none: the whole market) and day, with the figures and the rule's. */
export interface Finding {
  check: CheckName;
  symbol: string | null;
  date: string;
  /** What tells two findings of one check, security and day apart (a statement's version), or ''. */
  item: string;
  detail: Readonly<Record<string, string | number | null>>;
}

export const finding = (
  check: CheckName,
  symbol: string | null,
  date: string,
  detail: Finding['detail'],
  item = '',
): Finding => ({ check, symbol, date, item, detail });

/** A finding's identity across runs: the same check, security, day and item is the same finding. */
export const findingKey = ({ check, symbol, date, item }: Pick<Finding, 'check' | 'symbol' | 'date' | 'item'>) =>
  `${check} ${symbol ?? ''} ${date} ${item}`;

/** Open findings counted by check and severity, as the findings' store groups them. */
export type OpenCount = { check: string; severity: string; open: number };

/** Those counts as errors and warnings in all. */
export function severityTotals(counts: readonly OpenCount[]): { errors: number; warnings: number } {
  const of = (severity: Severity) =>
    counts.filter((count) => count.severity === severity).reduce((sum, count) => sum + count.open, 0);
  return { errors: of('error'), warnings: of('warning') };
}

/**
 * When a command fails on the audit, for cron chains (`ashare import … && ashare audit`): `new`, an error finding
 * not open before this audit; `open`, any error finding still open in the store (the last load's audit made them
 * no longer new); `never`.
 */
export const AUDIT_GATES = ['new', 'open', 'never'] as const;
export type AuditGate = (typeof AUDIT_GATES)[number];

export const auditFails = (gate: AuditGate, { newErrors, openErrors }: { newErrors: number; openErrors: number }) =>
  gate === 'new' ? newErrors > 0 : gate === 'open' ? openErrors > 0 : false;

/** New findings counted by check, as `limit_breach (error) 3, stale_bar (warning) 1`. */
export const newFindingsLine = (byCheck: Partial<Record<CheckName, number>>): string =>
  (Object.entries(byCheck) as [CheckName, number][])
    .map(([check, n]) => `${check} (${CHECKS[check]}) ${n}`)
    .join(', ') || 'none';
