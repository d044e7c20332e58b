import { STATE_FIELDS, type BarState, type PreviousBar, type RawDailyBar } from '../../domain/market/adjust';
import { LIMIT_MOVES, LIMIT_SOURCES, RISK_WARNINGS } from '../../domain/quality/dayStates';
import type { DayNumbers } from '../../db/storedDays';
import { VALUATION_FIELDS, VALUATION_GROUPS } from '../../domain/tables/dailyBasicColumns';
import type { SecurityDirectory } from '../../domain/reference/securityDirectory';
import { DAY_BAR_COLUMNS } from './market.repository';
import type { CrossSectionRow } from './market.types';

/** A bar of crossSectionQuery as the array it is read in: DAY_BAR_COLUMNS. */
export type DayBarValues = [string, string, ...(number | null)[]];

/** A valuation group's row of one security as read: the code, then the group's figures. */
export type ValuationValues = [string, ...(number | null)[]];

/** A day state as read (DAY_STATE_COLUMNS): the code, whether suspended, then STATE_FIELDS. */
export type DayStateValues = [string, number, ...(string | number | null)[]];

/** The columns of day_states a day's numbers hold, as read. */
export const DAY_STATE_COLUMNS = ['ts_code', 'suspended', ...STATE_FIELDS] as const;

/** The numbers of a row of the day, in this order: the bar's (DAY_BAR_COLUMNS after code and date), its factor, then VALUATION_FIELDS. */
const BAR_NUMBERS = DAY_BAR_COLUMNS.slice(2).map((column) => column.slice('b.'.length) as keyof RawDailyBar);
const FACTOR_AT = BAR_NUMBERS.length;
const VALUATION_AT = FACTOR_AT + 1;
/** The day's state after the valuation: `suspended`, then STATE_FIELDS, a text as its place in its list. */
const STATE_AT = VALUATION_AT + VALUATION_FIELDS.length;
const SUSPENDED_AT = STATE_AT;
const STRIDE = STATE_AT + 1 + STATE_FIELDS.length;
type StateField = (typeof STATE_FIELDS)[number];
const STATE_NUMBER_AT = Object.fromEntries(STATE_FIELDS.map((field, i) => [field, SUSPENDED_AT + 1 + i])) as Record<
  StateField,
  number
>;
/** The lists a state's texts are numbered in. */
const STATE_TEXTS: Partial<Record<(typeof STATE_FIELDS)[number], readonly string[]>> = {
  risk_warning: RISK_WARNINGS,
  limit_source: LIMIT_SOURCES,
  limit_move: LIMIT_MOVES,
};
const NUMBER_AT = Object.fromEntries(BAR_NUMBERS.map((field, i) => [field, i])) as Record<keyof RawDailyBar, number>;
/** The column of each figure of each valuation group's read (after the code). */
const GROUP_COLUMNS = VALUATION_GROUPS.map((columns) =>
  columns.map((column) => VALUATION_AT + VALUATION_FIELDS.indexOf(column as (typeof VALUATION_FIELDS)[number])),
);

/** The order of a stored day's numbers (stored_days.layout): a stored day of another layout is read again. */
export const DAY_LAYOUT = [...BAR_NUMBERS, 'adj_factor', ...VALUATION_FIELDS, 'suspended', ...STATE_FIELDS].join(',');

/** A figure of a day's numbers: the row at `place`, its `column` (NaN is null). */
function numberAt(numbers: Float64Array, place: number, column: number): number | null {
  const value = numbers[place * STRIDE + column]!;
  return Number.isNaN(value) ? null : value;
}

/**
 * One day's rows as columns: the day's numbers (every number of every row in one Float64Array, null as NaN),
 * the places of the rows kept, and their codes, names and whether each is listed. The whole market is 5,000
 * rows that live as long as the request; as the database's row arrays, with every figure a heap number of its
 * own, they were most of what a whole-market answer kept alive, promoted to the old generation by the
 * collections its writing triggers (`make bench-cross-section`'s RSS while CSVs stream).
 */
class DayColumns {
  constructor(
    readonly date: string,
    private readonly numbers: Float64Array,
    /** The place of each kept row in the day's numbers. */
    private readonly places: Int32Array,
    readonly codes: readonly string[],
    readonly symbols: readonly string[],
    readonly names: readonly (string | null)[],
    readonly listed: Uint8Array,
    /** Whether the day's states were asked: its rows then give theirs. */
    readonly withStates: boolean,
  ) {}

  number(row: number, column: number): number | null {
    return numberAt(this.numbers, this.places[row]!, column);
  }

  /** A field of the row's day state; null when not asked or none is stored. */
  stateField<F extends StateField>(row: number, field: F): BarState[F] {
    const value = this.withStates ? this.number(row, STATE_NUMBER_AT[field]) : null;
    const texts = STATE_TEXTS[field];
    return (texts === undefined || value === null ? value : texts[value]) as BarState[F];
  }
}

/** A row of the day: its place in the day's columns, behind the fields of a CrossSectionRow. */
class DayRow implements CrossSectionRow {
  constructor(
    private readonly day: DayColumns,
    private readonly at: number,
  ) {}

  get ts_code(): string {
    return this.day.codes[this.at]!;
  }
  get symbol(): string {
    return this.day.symbols[this.at]!;
  }
  get trade_date(): string {
    return this.day.date;
  }
  get name(): string | null {
    return this.day.names[this.at]!;
  }
  get listed(): boolean {
    return this.day.listed[this.at] === 1;
  }
  get open() {
    return this.day.number(this.at, NUMBER_AT.open);
  }
  get high() {
    return this.day.number(this.at, NUMBER_AT.high);
  }
  get low() {
    return this.day.number(this.at, NUMBER_AT.low);
  }
  get close() {
    return this.day.number(this.at, NUMBER_AT.close);
  }
  get pre_close() {
    return this.day.number(this.at, NUMBER_AT.pre_close);
  }
  get change() {
    return this.day.number(this.at, NUMBER_AT.change);
  }
  get pct_chg() {
    return this.day.number(this.at, NUMBER_AT.pct_chg);
  }
  get vol() {
    return this.day.number(this.at, NUMBER_AT.vol);
  }
  get amount() {
    return this.day.number(this.at, NUMBER_AT.amount);
  }
  get turnover() {
    return this.day.number(this.at, NUMBER_AT.turnover);
  }
  get adj_factor() {
    return this.day.number(this.at, FACTOR_AT);
  }
  stateField<F extends StateField>(field: F): BarState[F] {
    return this.day.stateField(this.at, field);
  }
  get suspended(): boolean | null {
    return this.day.withStates ? this.day.number(this.at, SUSPENDED_AT) === 1 : null;
  }

  valuationAt(field: number): number | null {
    return this.day.number(this.at, VALUATION_AT + field);
  }
}

/**
 * A day's numbers in DAY_LAYOUT from its bars (in code order), factors, valuation groups and states as read (which
 * are garbage once copied); a security suspended that day is a row without a bar, in code order with the others.
 */
export function dayNumbersOf(
  bars: DayBarValues[],
  factors: Map<string, number>,
  groups: ValuationValues[][],
  states: DayStateValues[],
): DayNumbers {
  const barCodes = bars.map((values) => values[0]);
  const suspended = states.filter((values) => Number(values[1]) === 1).map((values) => values[0]);
  const codes = suspended.length === 0 ? barCodes : [...new Set([...barCodes, ...suspended])].sort();
  const numbers = new Float64Array(codes.length * STRIDE).fill(Number.NaN);
  const set = (row: number, column: number, value: number | null | undefined) => {
    if (value !== null && value !== undefined) numbers[row * STRIDE + column] = value;
  };
  const rowOf = new Map(codes.map((code, row) => [code, row]));
  // Plain loops: a closure per row and value made copying the day cost as much as reading it.
  for (let at = 0; at < bars.length; at++) {
    const values = bars[at]!;
    const row = suspended.length === 0 ? at : rowOf.get(values[0])!;
    for (let i = 0; i < BAR_NUMBERS.length; i++) set(row, i, values[2 + i] as number | null);
    set(row, FACTOR_AT, factors.get(values[0]));
  }
  for (const values of states) {
    const row = rowOf.get(values[0]);
    if (row === undefined) continue;
    set(row, SUSPENDED_AT, Number(values[1]));
    for (let i = 0; i < STATE_FIELDS.length; i++) {
      const value = values[2 + i]!;
      const texts = STATE_TEXTS[STATE_FIELDS[i]!];
      set(
        row,
        SUSPENDED_AT + 1 + i,
        texts === undefined || value === null ? (value as number | null) : texts.indexOf(String(value)),
      );
    }
  }
  for (let group = 0; group < groups.length; group++) {
    const columns = GROUP_COLUMNS[group]!;
    for (const values of groups[group]!) {
      const row = rowOf.get(values[0]);
      if (row === undefined) continue;
      for (let i = 0; i < columns.length; i++) set(row, columns[i]!, values[1 + i] as number | null);
    }
  }
  return { codes, numbers };
}

/** Whether a row of a day's numbers is a suspended security's, without a bar. */
const isSuspendedAt = (numbers: Float64Array, place: number) => numberAt(numbers, place, SUSPENDED_AT) === 1;

/** The close and factor of each code of a day's numbers that traded. */
export function closesOf({ codes, numbers }: DayNumbers): Map<string, PreviousBar> {
  const closes = new Map<string, PreviousBar>();
  codes.forEach((code, place) => {
    if (!isSuspendedAt(numbers, place))
      closes.set(code, {
        close: numberAt(numbers, place, NUMBER_AT.close),
        adj_factor: numberAt(numbers, place, FACTOR_AT),
      });
  });
  return closes;
}

/**
 * The rows of a day's numbers whose codes `keep` takes, each a place in the day's columns, with its name of the
 * day, whether it is listed and the code it answers under from the directory; sorted by that code. With
 * `withStates` each gives its day state, and the suspended securities are rows too.
 */
export function dayRows(
  date: string,
  { codes, numbers }: DayNumbers,
  directory: SecurityDirectory,
  keep: (code: string) => boolean,
  withStates: boolean,
): CrossSectionRow[] {
  const places = Int32Array.from(codes.keys()).filter(
    (place) => keep(codes[place]!) && (withStates || !isSuspendedAt(numbers, place)),
  );
  const kept = Array.from(places, (place) => codes[place]!);
  const day = new DayColumns(
    date,
    numbers,
    places,
    kept,
    kept.map((code) => directory.currentCode(code)),
    kept.map((code) => directory.nameOn(code, date)),
    Uint8Array.from(kept, (code) => (directory.has(code) ? 1 : 0)),
    withStates,
  );
  const rows = kept.map((_code, at) => new DayRow(day, at));
  // Read in stored code order; a former code answering under its current one takes that code's place.
  return day.symbols.some((symbol, at) => symbol !== day.codes[at])
    ? rows.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
    : rows;
}
