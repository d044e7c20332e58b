import { columnsOf, SEQ, storedKeyOf, type ColumnLayout, type TableLayout } from '../domain/tables/tableLayout';
import type { Dataset } from '../db/dataVersions';
import { keyOf } from './keyTracker';
import type { Row, TableLoad, TableLoader } from './loaderTypes';
import { date, DATE_TIME, int, num, required, requiredDate, requiredNum, text, tsCode } from './fieldParsers';

/** `L1`..`L3` (Tushare) or `1`..`3` → the level number. */
function industryLevel(values: Record<string, string>, name: string): number {
  const level = required(values, name).replace(/^L/i, '');
  if (!['1', '2', '3'].includes(level)) throw new Error(`${name} must be L1, L2 or L3: ${values[name]}`);
  return Number(level);
}

/** One column of a Tushare-format record as its layout says it is stored; a required column missing is an error naming it. */
function valueOf(
  values: Record<string, string>,
  name: string,
  { kind, power, required: needed }: ColumnLayout,
): Row[string] {
  if (kind === 'code') return needed ? tsCode(values, name) : text(values, name) === null ? null : tsCode(values, name);
  if (kind === 'number') return needed ? requiredNum(values, name, power) : num(values, name, power);
  if (kind === 'date') return needed ? requiredDate(values, name) : date(values, name);
  if (kind === 'level') return industryLevel(values, name);
  if (needed) required(values, name);
  if (kind === 'integer') return int(values, name);
  const value = text(values, name);
  if (kind === 'datetime' && value !== null && !DATE_TIME.test(value))
    throw new Error(`${name} must be YYYY-MM-DD HH:MM:SS: ${value}`);
  return value;
}

/** A Tushare-format record → a row of the layout's columns (`names`: which; all by default), in the store's units. */
export function layoutRow<C extends string>(
  layout: TableLayout<C>,
  values: Record<string, string>,
  names: readonly C[] = columnsOf(layout),
): Row {
  const row: Row = {};
  for (const name of names) row[name] = valueOf(values, name, layout.columns[name]);
  return row;
}

/**
 * The load of a table whose Tushare-format file holds its layout's columns: its key, the columns the header
 * must have (the required ones) and rows parsed by the layout; `extra` adds what the table needs beyond it.
 */
export function layoutLoad<C extends string>(
  layout: TableLayout<C>,
  dataset: Dataset,
  extra: Partial<TableLoad> = {},
): TableLoad {
  return {
    table: layout.table,
    key: [...layout.key],
    columns: columnsOf(layout).filter((name) => layout.columns[name].required),
    dataset,
    toRow: (values) => layoutRow(layout, values),
    ...extra,
  };
}

/**
 * A numbered layout's load, made per file (or reply): the rows sharing the layout's key are numbered in the
 * order read (`seq`), and stored under the key completed by it. Another layout's load as it is.
 */
export function numberedLoad(layout: TableLayout<string>, load: TableLoad): TableLoader {
  if (!layout.numbered) return load;
  return async () => {
    const counts = new Map<string, number>();
    return {
      ...load,
      key: storedKeyOf(layout),
      toRow(values) {
        const row = load.toRow(values);
        if (row === null) return null;
        const key = keyOf(row, layout.key);
        const seq = (counts.get(key) ?? 0) + 1;
        counts.set(key, seq);
        return { ...row, [SEQ]: seq };
      },
    };
  };
}
