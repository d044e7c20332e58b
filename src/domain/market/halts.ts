/**
 * Trading halts from Tushare `suspend_d`, which gives one `S` row per halted day and an `R` row on the day
 * trading resumed. Consecutive halted trading days (consecutive on the exchange calendar, so a weekend or
 * holiday inside a halt does not split it) form one halt period.
 */

export interface HaltDay {
  trade_date: string;
  suspend_type: 'S' | 'R';
  suspend_timing: string | null;
}

export interface HaltPeriod {
  start_date: string;
  end_date: string;
  /** The `R` day closing the period: on or after its last halted day, before the next period; null while halted. */
  resume_date: string | null;
  /** Halted trading days in the period. */
  trading_days: number;
  /** The part of the day halted when the period is one partly halted day (e.g. `09:30-10:30`), else null. */
  suspend_timing: string | null;
}

/**
 * Halt periods, oldest first. `openDays` is the calendar's open days, ascending; a halted day missing from it
 * (a calendar not loaded that far) starts a new period rather than being merged on a guess.
 */
export function haltPeriods(days: readonly HaltDay[], openDays: readonly string[]): HaltPeriod[] {
  const position = new Map(openDays.map((day, index) => [day, index]));
  const halted = [...new Set(days.filter((day) => day.suspend_type === 'S').map((day) => day.trade_date))].sort();
  const resumed = [...new Set(days.filter((day) => day.suspend_type === 'R').map((day) => day.trade_date))].sort();
  const timingOf = new Map(
    days.filter((day) => day.suspend_type === 'S').map((day) => [day.trade_date, day.suspend_timing]),
  );
  const runs: string[][] = [];
  for (const day of halted) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    const follows =
      previous !== undefined && position.has(previous) && position.get(previous)! + 1 === position.get(day);
    if (run && follows) run.push(day);
    else runs.push([day]);
  }
  return runs.map((run, index) => {
    const start = run[0]!;
    const end = run.at(-1)!;
    const nextStart = runs[index + 1]?.[0];
    const resume = resumed.find((day) => day >= end && (nextStart === undefined || day < nextStart)) ?? null;
    return {
      start_date: start,
      end_date: end,
      resume_date: resume,
      trading_days: run.length,
      suspend_timing: run.length === 1 ? (timingOf.get(start) ?? null) : null,
    };
  });
}
