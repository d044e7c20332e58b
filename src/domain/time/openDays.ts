/**
 * The exchange's open days in memory, ascending: what the date windows count on, by binary search (every
 * open day since 1990 is a small array), instead of a calendar query per request.
 */
export class OpenDays {
  /**
   * `ascending`: `YYYY-MM-DD` open days, sorted, each once; `through`: the last day the stored calendar says
   * anything of, open or closed (by default its last open day), past which a day is unknown, not closed.
   */
  constructor(
    private readonly ascending: readonly string[],
    readonly through: string | null = ascending.at(-1) ?? null,
  ) {}

  /** Whether the calendar says whether `date` is open (it is on or before `through`). */
  covers(date: string): boolean {
    return this.through !== null && date <= this.through;
  }

  /** Index of the first day for which `isPast` holds (it holds from some index on). */
  private firstWhere(isPast: (day: string) => boolean): number {
    let low = 0;
    let high = this.ascending.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (isPast(this.ascending[middle]!)) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  private firstAfter(date: string): number {
    return this.firstWhere((day) => day > date);
  }

  /**
   * The open day `n` open days before `date` (`date` itself, when open, is the 0th), or the oldest there is;
   * null when no open day is on or before `date`.
   */
  before(date: string, n: number): string | null {
    const last = this.firstAfter(date) - 1;
    return last < 0 ? null : this.ascending[Math.max(0, last - n)]!;
  }

  /** The last open day before `date` (not `date` itself), null when there is none. */
  lastBefore(date: string): string | null {
    const index = this.firstWhere((day) => day >= date) - 1;
    return index < 0 ? null : this.ascending[index]!;
  }

  /** How many open days lie after `after` and on or before `through`. */
  countBetween(after: string, through: string): number {
    return Math.max(0, this.firstAfter(through) - this.firstAfter(after));
  }

  /** Whether `date` is an open day. */
  isOpen(date: string): boolean {
    return this.ascending[this.firstAfter(date) - 1] === date;
  }

  /** The first open day after `date` (not `date` itself), null past the last one. */
  nextAfter(date: string): string | null {
    return this.ascending[this.firstAfter(date)] ?? null;
  }

  /** The open days from `from` through `to`, ascending. */
  between(from: string, to: string): string[] {
    return this.ascending.slice(
      this.firstWhere((day) => day >= from),
      this.firstAfter(to),
    );
  }
}
