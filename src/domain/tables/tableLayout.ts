import type { MarketClock } from '../time/marketTime';

/**
 * How a stored column reads and writes in Tushare's layout: a `ts_code` in standard form, free text, a number
 * (stored as Tushare's × 10^power), a whole number, a day (`YYYYMMDD` on the wire), a Beijing minute
 * (`YYYY-MM-DD HH:MM:SS`), or a Shenwan industry level (`L1`-`L3` on the wire, 1-3 stored).
 */
export type ColumnKind = 'code' | 'text' | 'number' | 'integer' | 'date' | 'datetime' | 'level';

export interface ColumnLayout {
  kind: ColumnKind;
  /** A stored value is Tushare's × 10^power (amounts in thousand yuan stored in yuan: 3). */
  power: number;
  /** An import refuses a row without it. */
  required: boolean;
}

/**
 * The registry of one stored table: its name, key, and each column it shares with Tushare's layout, in
 * Tushare's order, named as the store and Tushare name it, with kind, unit and whether an import needs it;
 * the column of its market time, on which plan delays hide rows. The import's row parser
 * (src/loaders/layoutRows.ts) and the Tushare-compatible endpoint's fields, filters and order
 * (src/catalogue/apiCatalogue.ts) derive from it.
 */
export interface TableLayout<C extends string = string> {
  table: string;
  key: readonly C[];
  columns: Readonly<Record<C, ColumnLayout>>;
  marketTime?: { column: C; clock: MarketClock };
  /**
   * The source sends rows sharing the key in one answer, each a fact of its own (two buy-backs of one stock
   * completed on one day: Tushare doc 124's example; one holder's two sales announced together: doc 175's):
   * each is kept, numbered in the stored column `seq` (1, 2… in the order sent), which completes the key.
   */
  numbered?: boolean;
}

/** The stored column that tells apart the rows of a numbered layout sharing its key. */
export const SEQ = 'seq';

/** The key a table is stored under: its layout's, and `seq` where the layout is numbered. */
export const storedKeyOf = (layout: TableLayout<string>): string[] =>
  layout.numbered ? [...layout.key, SEQ] : [...layout.key];

const column = (kind: ColumnKind, power = 0): ColumnLayout => ({ kind, power, required: false });

/** The column constructors of a layout; `required(...)` marks a column an import needs. */
export const col = {
  code: () => column('code'),
  text: () => column('text'),
  number: (power = 0) => column('number', power),
  integer: () => column('integer'),
  date: () => column('date'),
  datetime: () => column('datetime'),
  level: () => column('level'),
};

export const required = (layout: ColumnLayout): ColumnLayout => ({ ...layout, required: true });

/** A layout with its column names kept as a type, so filters, orders and keys naming a column it lacks do not compile. */
export const tableLayout = <C extends string>(layout: {
  table: string;
  columns: Readonly<Record<C, ColumnLayout>>;
  key: readonly NoInfer<C>[];
  marketTime?: { column: NoInfer<C>; clock: MarketClock };
  numbered?: boolean;
}): TableLayout<C> => layout;

/** The column names of a layout in its order. */
export const columnsOf = <C extends string>(layout: TableLayout<C>): C[] => Object.keys(layout.columns) as C[];
