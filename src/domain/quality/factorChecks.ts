import type { AuditBar } from './barChecks';
import { exReferencePrice, type Distribution } from './distributions';
import { finding, type CheckName, type Finding } from './findings';

/** A stored adjustment factor of a day. */
export interface AuditFactor {
  date: string;
  factor: number;
}

/** A step of the factor: the day, its factor and the one of the day before it in the store. */
export interface FactorStep {
  date: string;
  before: number;
  after: number;
}

/** Two factors are the same step when they differ by less than this, relatively (sources round to 3–6 decimals). */
const SAME = 1e-6;

/** The days a security's factor steps, in order. */
export function factorSteps(factors: readonly AuditFactor[]): FactorStep[] {
  const steps: FactorStep[] = [];
  for (let i = 1; i < factors.length; i++) {
    const [before, after] = [factors[i - 1]!.factor, factors[i]!.factor];
    if (Math.abs(after - before) > SAME * Math.abs(before)) steps.push({ date: factors[i]!.date, before, after });
  }
  return steps;
}

/**
 * The checks of a security's factor against its bars and its distributions. A forward factor steps on an
 * ex-date by the previous close ÷ the ex-reference price (the day's pre_close, SSE Trading Rules 3.4.19,
 * SZSE 4.4.2): `factor_step_mismatch` past the tolerance of both roundings (pre_close to the cent, the factor to
 * 3 decimals as Tushare sends it); `factor_step_without_event` on a day no implemented distribution explains;
 * `event_without_factor_step` on an ex-date whose step the source's precision would show and that has none, the
 * step sized from the distribution itself (previous close ÷ its ex-reference price), not from the day's
 * pre_close, which a source that missed the event leaves unchanged too. `distributions`: by the session they act
 * on (`distributionsBySession`: an ex-date in a suspension acts on the next traded day). `steps`: the factor's
 * (`factorSteps`).
 */
export function factorFindings(
  symbol: string,
  bars: readonly AuditBar[],
  factors: readonly AuditFactor[],
  steps: readonly FactorStep[],
  distributions: ReadonlyMap<string, Distribution>,
  checks: ReadonlySet<CheckName>,
): Finding[] {
  if (factors.length < 2) return [];
  const found: Finding[] = [];
  const add = (check: CheckName, date: string, detail: Finding['detail']) => {
    if (checks.has(check)) found.push(finding(check, symbol, date, detail));
  };
  const barIndex = new Map(bars.map((bar, i) => [bar.date, i]));
  const stepDays = new Set(steps.map((step) => step.date));
  for (const { date, before, after } of steps) {
    const i = barIndex.get(date);
    const bar = i === undefined ? undefined : bars[i];
    const previous = i === undefined || i === 0 ? undefined : bars[i - 1];
    if (!distributions.has(date)) add('factor_step_without_event', date, { factor_before: before, factor: after });
    if (bar?.pre_close && previous?.close) {
      const expected = previous.close / bar.pre_close;
      const tolerance = 0.5 / Math.round(bar.pre_close * 100) + 0.0005 / Math.min(before, after) + 1e-4;
      const step = after / before;
      if (Math.abs(step - expected) > tolerance * expected)
        add('factor_step_mismatch', date, {
          step: Number(step.toFixed(6)),
          expected: Number(expected.toFixed(6)),
          previous_close: previous.close,
          pre_close: bar.pre_close,
          tolerance: Number(tolerance.toFixed(6)),
        });
    }
  }
  const [first, last] = [factors[0]!.date, factors.at(-1)!.date];
  for (const [day, distribution] of distributions) {
    if (day <= first || day > last || stepDays.has(day)) continue;
    const i = barIndex.get(day)!;
    const previous = bars[i - 1];
    if (!previous?.close) continue;
    const reference = exReferencePrice(previous.close, distribution);
    const factor = factors.find((row) => row.date === day)?.factor ?? factors.at(-1)!.factor;
    // The step the source would show at its precision (3 decimals): a tiny dividend's is rounded away.
    if (reference <= 0 || Math.abs(previous.close / reference - 1) * factor < 0.0005) continue;
    add('event_without_factor_step', day, {
      ex_date: distribution.exDate,
      previous_close: previous.close,
      ex_reference: Number(reference.toFixed(4)),
      pre_close: bars[i]!.pre_close,
      factor,
    });
  }
  return found;
}
