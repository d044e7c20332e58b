import type { Knex } from 'knex';
import { barFindings, barLimits, type AuditSeries } from '../domain/quality/barChecks';
import { exchangeToday } from '../domain/time/clock';
import { writeComputedLimits, type ComputedLimit } from './computedLimits';
import { factorFindings, factorSteps } from '../domain/quality/factorChecks';
import { CHECK_NAMES, CHECKS, type CheckName, type Finding } from '../domain/quality/findings';
import { meantOn } from '../domain/market/universe';
import { barsOnClosedDays, missingSessions, partialSessions } from '../domain/quality/sessionChecks';
import { balanceSheetFindings } from '../domain/quality/statementChecks';
import { sourceMismatch } from '../domain/quality/sourceChecks';
import { DEFAULT_MIN_COVERAGE } from '../domain/market/coverage';
import { API } from '../catalogue/apiCatalogue';
import { coverageOf } from '../catalogue/coverageDatasets';
import { boardOf } from '../domain/reference/symbols';
import { kindByCode } from '../domain/reference/securityDirectory';
import { OpenDays } from '../domain/time/openDays';
import { distributionsBySession } from '../domain/quality/distributions';
import { isDelistingName, isHeldToFivePercent } from '../domain/quality/priceLimits';
import {
  dayStates,
  limitListFindings,
  limitPriceFindings,
  nameOnDay,
  type StreakOn,
} from '../domain/quality/dayStates';
import { storedDayState, writeDayStates, type StoredDayState } from './dayStateStore';
import { allOpenDays, sessionCounts, universeOf } from '../db/sessionCoverage';
import { declaredUniverse } from '../db/declaredUniverse';
import { withPageCache } from '../db/sql';
import {
  auditedSecurities,
  balanceSheetsOf,
  barsOf,
  distributionsOf,
  factorsOf,
  finalSnapshots,
  haltsOf,
  limitListsOf,
  nameSpans,
  sourceLimitsOf,
  streaksBefore,
  type AuditedSecurity,
  type DayRange,
} from './auditReads';
import { openErrorCount, recordBatch, resolveUnseen, type AuditScope } from './findingStore';

export interface AuditOptions {
  since?: string;
  until?: string;
  /** Only these securities (standard codes); the whole-market checks are then left out. */
  symbols?: readonly string[];
  checks?: readonly CheckName[];
  minCoverage?: number;
  now?: Date;
  /**
   * Which days get the computed limit prices where the source sent none: `recent` (the default) the last
   * COMPUTED_LIMIT_SESSIONS sessions of the calendar, `all` every day audited (at the whole market's twenty
   * years, 24 M rows: the write doubled the full audit's time, bench/results/audit-*.json).
   */
  computedLimits?: 'recent' | 'all';
  /** Called after each batch of securities, with how many are done of all. */
  progress?: (done: number, total: number) => void;
}

export interface AuditSummary {
  scope: AuditScope;
  /** The findings of this audit, oldest day first: all of them, or the first LISTED when there are more. */
  findings: Finding[];
  /** How many it found in all, of each check. */
  counts: Partial<Record<CheckName, number>>;
  /** Those not open before it (the first LISTED), and how many of all are errors. */
  added: Finding[];
  addedCount: number;
  newErrors: number;
  /** The new findings counted by check. */
  addedByCheck: Partial<Record<CheckName, number>>;
  /** Error findings open in the store after this audit, of any day or security. */
  openErrors: number;
  resolved: number;
  securities: number;
  bars: number;
}

/**
 * Findings an audit lists in its summary: beyond them it counts (a store without its halts has one finding a
 * stock and session missing, hundreds of thousands), and `GET /v1/data/quality` or the table lists them all.
 */
export const LISTED = 10_000;

/**
 * Sessions of bars read at once: a batch holds as many securities as fill it with the range's sessions (of a
 * full audit's 20 years two securities, of one session's audit 256), so its memory is flat whatever the range,
 * and an audit of a few sessions still asks the database a few hundred times, not once a security.
 * `make bench-audit` measured the peak against the batch (bench/results/audit-*.json).
 */
const BATCH_SESSIONS = 10_000;
const MAX_BATCH = 256;
/**
 * Open days read before the range, so that its first day has the bar and factor before it across a suspension
 * of up to a month; past a longer one the first bar in reach has no bar before it and is not compared.
 */
const LOOKBACK_SESSIONS = 20;
/** Sessions before an audit's reach searched for the streak it picks up (a suspension longer loses the count). */
const STREAK_LOOKBACK = 60;
/** The sessions whose computed limit prices an audit writes by default (a year of the calendar's last ones). */
const COMPUTED_LIMIT_SESSIONS = 250;

/**
 * The audit: every stored bar, factor, distribution and balance sheet of the range against the checks of
 * src/domain/quality, security by security in batches (memory stays flat whatever the store's size), then
 * the findings kept (findingStore.ts): new ones told, fixed ones resolved.
 */
export function runAudit(db: Knex, options: AuditOptions = {}): Promise<AuditSummary> {
  return withPageCache(db, AUDIT_CACHE_KIB, () => audit(db, options));
}

/**
 * SQLite's page cache during the audit, in KiB: it reads each security's rows once, in key order, so the
 * connection's usual 64 MiB would fill with pages never read again and count against the audit's memory.
 */
const AUDIT_CACHE_KIB = 8_192;

async function audit(db: Knex, options: AuditOptions): Promise<AuditSummary> {
  const checks = new Set<CheckName>(options.checks ?? CHECK_NAMES);
  const symbols = options.symbols ?? null;
  const scope: AuditScope = {
    checks: [...checks],
    symbols,
    since: options.since ?? null,
    until: options.until ?? null,
  };
  const allDays = await allOpenDays(db);
  const days = new OpenDays(allDays);
  const calendar = { first: allDays[0] ?? '9999-12-31', last: allDays.at(-1) ?? '0000-01-01' };
  const range: DayRange = { from: scope.since, until: scope.until };
  const reach: DayRange = {
    from: scope.since === null ? null : (days.before(scope.since, LOOKBACK_SESSIONS) ?? scope.since),
    until: scope.until,
  };
  const inRange = (date: string) =>
    (scope.since === null || date >= scope.since) && (scope.until === null || date <= scope.until);
  const inScope = (finding: Finding) => inRange(finding.date);
  // The last year up to today (the stored calendar reaches the year's end).
  const today = exchangeToday(options.now ?? new Date());
  const limitsFrom =
    options.computedLimits === 'all'
      ? null
      : (days.before(today < calendar.last ? today : calendar.last, COMPUTED_LIMIT_SESSIONS - 1) ?? null);
  const limitRange: DayRange = {
    from: limitsFrom === null || (range.from !== null && range.from > limitsFrom) ? range.from : limitsFrom,
    until: range.until,
  };
  const limitKept = (date: string) => inRange(date) && (limitRange.from === null || date >= limitRange.from);

  const at = options.now ?? new Date();
  const tally = new Tally();
  const keep = async (found: Finding[]) => tally.add(found, await recordBatch(db, found, at));
  const market = await marketFindings(db, days, range, symbols, checks, options.minCoverage ?? DEFAULT_MIN_COVERAGE);
  await keep(market.findings);

  // A fund's factor steps for its distributions (`fund_div`) and for its splits and conversions of units, which
  // no table of the store lists: a step without a distribution is no finding of a fund.
  const factorChecks = {
    stock: checks,
    etf: new Set([...checks].filter((check) => check !== 'factor_step_without_event')),
  };
  const securities = await auditedSecurities(db, symbols);
  const namesByCode = await nameSpans(db);

  const states = new PendingStates(db, range);
  let bars = 0;
  const sessionsInReach = days.countBetween(
    days.lastBefore(reach.from ?? calendar.first) ?? '0000-01-01',
    reach.until ?? calendar.last,
  );
  const batchSize = Math.max(1, Math.min(MAX_BATCH, Math.floor(BATCH_SESSIONS / Math.max(1, sessionsInReach))));
  for (let i = 0; i < securities.length; i += batchSize) {
    const batch = securities.slice(i, i + batchSize);
    const codes = batch.map((security) => security.ts_code);
    const [barsByCode, factorsByCode, haltsByCode, distributionsByCode, sourceLimits, limitLists, streaks] =
      await Promise.all([
        barsOf(db, codes, reach),
        factorsOf(db, codes, reach),
        haltsOf(db, codes, reach),
        distributionsOf(db, codes, reach),
        sourceLimitsOf(db, codes, reach),
        limitListsOf(db, codes, range),
        reach.from === null
          ? new Map<string, StreakOn>()
          : streaksBefore(db, codes, days.before(reach.from, STREAK_LOOKBACK) ?? reach.from, reach.from),
      ]);
    const found: Finding[] = [];
    const limits: ComputedLimit[] = [];
    for (const security of batch) {
      const code = security.ts_code;
      const series = barsByCode.get(code) ?? [];
      bars += series.length;
      const factors = factorsByCode.get(code) ?? [];
      const steps = factorSteps(factors);
      const halts = new Set(haltsByCode.get(code) ?? []);
      const barDays = series.map((bar) => bar.date);
      const distributions = distributionsBySession(distributionsByCode.get(code) ?? [], barDays);
      const nameOn = nameOnDay(namesByCode.get(code) ?? []);
      const audited: AuditSeries = {
        symbol: code,
        kind: security.kind,
        board: security.kind === 'stock' ? boardOf(code) : null,
        growthFund: security.growthFund,
        bars: series,
        halts,
        distributions,
        factorSteps: new Set(steps.map((step) => step.date)),
        stOn: (date) => isHeldToFivePercent(nameOn(date) ?? ''),
        delistingOn: (date) => isDelistingName(nameOn(date) ?? ''),
        listDate: security.list_date,
        sessionOf: sessionNumber(security, days, calendar.first),
        follows: (before, date) =>
          days
            .between(before, date)
            .slice(1, -1)
            .every((day) => halts.has(day)),
        sessionsBetween: (before, date) => days.countBetween(before, date) - 1,
      };
      // Each bar's limit once: the checks read them, and the days in range without a source row keep them.
      const barLimit = barLimits(audited);
      series.forEach((bar, index) => {
        const limit = limitKept(bar.date) ? barLimit[index]! : null;
        if (limit !== null)
          limits.push({
            ts_code: code,
            trade_date: bar.date,
            pre_close: limit.reference,
            up_limit: limit.up,
            down_limit: limit.down,
          });
      });
      const traded = new Set(barDays);
      const stateInputs = {
        limits: barLimit,
        sourceLimits: sourceLimits.get(code) ?? new Map(),
        nameOn,
        before: streaks.get(code) ?? null,
        suspendedDays: [...halts].filter((day) => inRange(day) && !traded.has(day)).sort(),
      };
      const stateOfDays = security.kind === 'index' ? [] : dayStates(audited, stateInputs);
      for (const state of stateOfDays) if (inRange(state.date)) states.rows.push(storedDayState(code, state));
      found.push(
        ...[
          ...(checks.has('limit_price_mismatch') ? limitPriceFindings(audited, stateInputs) : []),
          ...(checks.has('limit_list_mismatch')
            ? limitListFindings(code, stateOfDays, limitLists.get(code) ?? [])
            : []),
          ...barFindings(audited, checks, barLimit),
          ...(security.kind === 'stock' || security.kind === 'etf'
            ? factorFindings(code, series, factors, steps, distributions, factorChecks[security.kind])
            : []),
          ...(checks.has('missing_session')
            ? missingSessions(code, barDays, security, halts, days, (day) => market.counted(code, day))
            : []),
          ...(checks.has('bar_on_closed_day') ? barsOnClosedDays(code, barDays, days, calendar) : []),
        ].filter(inScope),
      );
    }
    await keep(found);
    await writeComputedLimits(db, codes, limitRange, limits);
    states.codes.push(...codes);
    if (states.rows.length >= STATES_A_WRITE) await states.flush();
    options.progress?.(Math.min(i + batchSize, securities.length), securities.length);
  }
  await states.flush();
  if (checks.has('source_mismatch'))
    await keep(
      (await finalSnapshots(db, range))
        // A convertible's live volume is not compared: Tencent's lot of a bond is not known to be Tushare's ten.
        .filter(
          ({ ts_code }) => (symbols === null || symbols.includes(ts_code)) && kindByCode(ts_code) !== 'convertible',
        )
        .flatMap(({ ts_code, date, stored, live }) => sourceMismatch(ts_code, date, 'live', stored, live)),
    );
  if (checks.has('balance_sheet_identity')) await keep(balanceSheetFindings(await balanceSheetsOf(db, symbols, range)));

  const resolved = await resolveUnseen(db, scope, at);
  return {
    scope,
    ...tally.summary(),
    openErrors: await openErrorCount(db),
    resolved,
    securities: securities.length,
    bars,
  };
}

/**
 * Day states written at once: the rows of many batches, written in the order of the date-led index, so that each
 * page of it is written once for the securities that share it, not once per row (an audit of 300 stocks × 3
 * years spent two thirds of its time writing states a batch of 13 securities at a time, a row per index page).
 */
const STATES_A_WRITE = 100_000;

/** The day states of the securities audited since the last write, and those securities. */
class PendingStates {
  rows: StoredDayState[] = [];
  codes: string[] = [];

  constructor(
    private readonly db: Knex,
    private readonly range: DayRange,
  ) {}

  async flush(): Promise<void> {
    if (this.codes.length === 0) return;
    await writeDayStates(this.db, this.codes, this.range, this.rows);
    this.rows = [];
    this.codes = [];
  }
}

/** What an audit found, counted, and listed up to LISTED. */
class Tally {
  private readonly findings: Finding[] = [];
  private readonly added: Finding[] = [];
  private readonly counts: Partial<Record<CheckName, number>> = {};
  private readonly addedByCheck: Partial<Record<CheckName, number>> = {};
  private addedCount = 0;
  private newErrors = 0;

  add(found: readonly Finding[], added: readonly Finding[]): void {
    for (const finding of found) this.counts[finding.check] = (this.counts[finding.check] ?? 0) + 1;
    for (const finding of added) this.addedByCheck[finding.check] = (this.addedByCheck[finding.check] ?? 0) + 1;
    this.findings.push(...found.slice(0, LISTED - this.findings.length));
    this.added.push(...added.slice(0, LISTED - this.added.length));
    this.addedCount += added.length;
    this.newErrors += added.filter((finding) => CHECKS[finding.check] === 'error').length;
  }

  summary() {
    const byDay = (a: Finding, b: Finding) =>
      a.date.localeCompare(b.date) || (a.symbol ?? '').localeCompare(b.symbol ?? '');
    return {
      findings: this.findings.sort(byDay),
      counts: this.counts,
      added: this.added.sort(byDay),
      addedCount: this.addedCount,
      newErrors: this.newErrors,
      addedByCheck: this.addedByCheck,
    };
  }
}

/** A security's listing session number of a day: open days from its listing date through the day. */
function sessionNumber({ list_date }: AuditedSecurity, days: OpenDays, first: string): (date: string) => number | null {
  // Listed before the stored calendar begins: its sessions are not counted (its first stored day is no first day).
  if (list_date === null || list_date < first) return () => null;
  const beforeListing = days.lastBefore(list_date) ?? '0000-01-01';
  return (date) => days.countBetween(beforeListing, date);
}

/**
 * The whole-market session check (`partial_session`) over the sessions of the range that hold bars, and where a
 * security's missing bar is a finding of its own: not on the sessions that are not the market's (partial or
 * empty), nor where the store's declared universe does not mean it. Left out when the audit is of some securities.
 */
async function marketFindings(
  db: Knex,
  days: OpenDays,
  range: DayRange,
  symbols: readonly string[] | null,
  checks: ReadonlySet<CheckName>,
  minCoverage: number,
): Promise<{ findings: Finding[]; counted: (code: string, day: string) => boolean }> {
  const first = range.from ?? (await db('daily_bars').min({ day: 'trade_date' }).first())?.day;
  const last = range.until ?? (await db('daily_bars').max({ day: 'trade_date' }).first())?.day;
  if (!first || !last) return { findings: [], counted: () => true };
  const sessions = days.between(String(first).slice(0, 10), String(last).slice(0, 10));
  const daily = coverageOf(API.daily);
  const universe = await universeOf(db, await declaredUniverse(db), sessions);
  const counts = await sessionCounts(db, daily, sessions, universe);
  const { findings, partial } = partialSessions(counts, minCoverage);
  const empty = sessions.filter((day) => (counts.get(day)?.rows ?? 0) === 0);
  const marketChecks = symbols === null && checks.has('partial_session');
  const notMarket = new Set([...partial, ...empty]);
  const meant = meantOn(universe.declared);
  return {
    findings: marketChecks ? findings : [],
    counted: (code, day) => !notMarket.has(day) && meant(code, day),
  };
}

/** An audit in its counts, as an update or a load reports it and a gate reads it. */
export interface AuditCounts {
  findings: number;
  added: number;
  /** New findings of severity error. */
  newErrors: number;
  addedByCheck: Partial<Record<CheckName, number>>;
  openErrors: number;
}

export const auditCounts = ({
  counts,
  addedCount,
  newErrors,
  addedByCheck,
  openErrors,
}: AuditSummary): AuditCounts => ({
  findings: Object.values(counts).reduce((sum, n) => sum + n, 0),
  added: addedCount,
  newErrors,
  addedByCheck,
  openErrors,
});
