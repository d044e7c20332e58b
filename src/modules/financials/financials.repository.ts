import { arrayRows } from '../../db/arrayRows';
import type { Db } from '../../db/connection';
import type { PageRequest } from '../../domain/api/pagination';

export type StatementTable = 'income_statements' | 'balance_sheets' | 'cash_flows';

/**
 * A statement row as statementRows reads it: its key and version columns, and `values`, the row as read, whose
 * figure columns asked for (Tushare's numeric columns: yuan, year to date) start at FIGURES_AT in their order.
 */
export interface StatementRow {
  ts_code: string;
  end_date: string;
  f_ann_date: string;
  update_flag: number | null;
  comp_type: number | null;
  values: readonly unknown[];
}

export interface StatementFilter {
  codes: string[];
  reportType: number;
  /** Period ends from `from` to `to`, inclusive, or exactly these. */
  from?: string;
  to?: string;
  endDates?: readonly string[];
  /** Only versions announced on or before this day. */
  asOf?: string;
}

function filtered(db: Db, table: StatementTable, filter: StatementFilter) {
  const query = db(table).whereIn('ts_code', filter.codes).andWhere('report_type', filter.reportType);
  if (filter.endDates !== undefined) query.whereIn('end_date', filter.endDates);
  if (filter.to !== undefined) query.andWhere('end_date', '<=', filter.to);
  if (filter.from !== undefined) query.andWhere('end_date', '>=', filter.from);
  if (filter.asOf !== undefined) query.andWhere('f_ann_date', '<=', filter.asOf);
  return query;
}

/** The periods that have at least one (visible) version, per symbol; answered from the primary key alone. */
export async function statementPeriods(
  db: Db,
  table: StatementTable,
  filter: StatementFilter,
): Promise<{ ts_code: string; end_date: string }[]> {
  return filtered(db, table, filter).distinct('ts_code', 'end_date');
}

type StatementValues = [string, string, string, number | null, number | null, ...unknown[]];
const VERSION_COLUMNS = ['ts_code', 'end_date', 'f_ann_date', 'update_flag', 'comp_type'];
/** Where a row's figure columns start in its `values` (after the version columns; not copied out of them). */
export const FIGURES_AT = VERSION_COLUMNS.length;

/**
 * Every (visible) version of the periods in range with the named figure columns; the caller picks the current
 * one. Read as arrays: a statement has up to 80 columns, and an object of each of 60,000 versions (every
 * company's statement of a period and the periods it depends on) was most of the cost of reading them.
 */
export async function statementRows(
  db: Db,
  table: StatementTable,
  filter: StatementFilter,
  columns: readonly string[],
): Promise<StatementRow[]> {
  const rows = await arrayRows<StatementValues>(filtered(db, table, filter).select([...VERSION_COLUMNS, ...columns]));
  return rows.map((values) => ({
    ts_code: values[0],
    end_date: values[1],
    f_ann_date: values[2],
    update_flag: values[3],
    comp_type: values[4],
    values,
  }));
}

export interface PeriodFilter {
  endDate: string;
  reportType: number;
  asOf?: string;
}

/**
 * One page (by code) of the known securities with a statement of one period announced by `asOf`, with their
 * names, and how many there are: a range of the period index (end_date, report_type, ts_code) each.
 */
export async function codesWithPeriod(
  db: Db,
  table: StatementTable,
  filter: PeriodFilter,
  window: PageRequest,
): Promise<{ names: Map<string, string>; total: number }> {
  const base = () => {
    const query = db(`${table} as t`)
      .join('securities as s', 's.ts_code', 't.ts_code')
      .where('t.end_date', filter.endDate)
      .where('t.report_type', filter.reportType);
    return filter.asOf === undefined ? query : query.where('t.f_ann_date', '<=', filter.asOf);
  };
  const [rows, counted] = await Promise.all([
    arrayRows<[string, string]>(
      base().distinct('t.ts_code', 's.name').orderBy('t.ts_code').limit(window.limit).offset(window.offset),
    ),
    base().countDistinct({ total: 't.ts_code' }),
  ]);
  return { names: new Map(rows), total: Number(counted[0]?.total ?? 0) };
}

/** Names of the known securities among the codes. */
export async function securityNames(db: Db, codes: string[]): Promise<{ ts_code: string; name: string }[]> {
  return db('securities').whereIn('ts_code', codes).select('ts_code', 'name');
}

export interface AnnouncementRow {
  ts_code: string;
  end_date: string;
  first_announced: string;
  last_announced: string;
  versions: number;
}

/** Per symbol and period: first and latest announcement and the number of announced versions of the income statement. */
export async function announcements(
  db: Db,
  codes: string[],
  from: string | undefined,
  to: string,
): Promise<AnnouncementRow[]> {
  const query = db('income_statements')
    .whereIn('ts_code', codes)
    .andWhere('end_date', '<=', to)
    .groupBy('ts_code', 'end_date')
    .select('ts_code', 'end_date')
    .min({ first_announced: 'f_ann_date' })
    .max({ last_announced: 'f_ann_date' })
    .countDistinct({ versions: 'f_ann_date' });
  if (from !== undefined) query.andWhere('end_date', '>=', from);
  const rows = await query;
  return rows.map((row) => ({ ...row, versions: Number(row.versions) })) as AnnouncementRow[];
}

export interface DisclosureRow {
  ts_code: string;
  end_date: string;
  pre_date: string | null;
  actual_date: string | null;
}

/** Scheduled disclosure dates of the symbols' periods in range. */
export async function disclosureSchedule(
  db: Db,
  codes: string[],
  from: string | undefined,
  to: string,
): Promise<DisclosureRow[]> {
  const query = db('disclosure_dates')
    .whereIn('ts_code', codes)
    .andWhere('end_date', '<=', to)
    .select('ts_code', 'end_date', 'pre_date', 'actual_date');
  if (from !== undefined) query.andWhere('end_date', '>=', from);
  return query;
}
