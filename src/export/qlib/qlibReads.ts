import type { Knex } from 'knex';
import { storedDay } from '../../db/sql';
import type { ConstituentRow } from '../../domain/market/universe';
import type { PitRecord, QlibSourceBar } from '../../domain/qlib/qlibLayout';
import { pitPeriod } from '../../domain/qlib/qlibLayout';
import { CodeChangeMap, type CodeSpan } from '../../domain/reference/codeChanges';
import { codeChangeSources } from '../../db/codeChangeSources';

/** The kinds of security written as qlib instruments: stocks, ETFs and indices (`SH000300`). */
export const QLIB_KINDS = ['stock', 'etf', 'index'] as const;

/** A security written, with its codes over its history (`CodeChangeMap.spans`: current first, then former ones). */
export interface QlibSecurity {
  ts_code: string;
  kind: string;
  delisted: boolean;
  spans: CodeSpan[];
}

/**
 * The securities of the kinds written, by code, each under its current code with its former codes' bars (a
 * Beijing stock's before 2025-10-09 under its 43/83/87 code): a former code that has a row of its own is no
 * instrument of its own, as it is no security of its own on the routes and in the flat files.
 */
export async function qlibSecurities(db: Knex): Promise<QlibSecurity[]> {
  const rows = await db('securities')
    .whereIn('kind', [...QLIB_KINDS])
    .orderBy('ts_code')
    .select('ts_code', 'kind', 'list_status');
  const { changes, knownCodes } = await codeChangeSources(db);
  const history = new CodeChangeMap(changes, knownCodes);
  const former = new Set(
    history
      .resolve(rows.map((row) => row.ts_code))
      .filter(({ requested, code }) => code !== requested)
      .map(({ requested }) => requested),
  );
  const spans = history.spans(rows.map((row) => row.ts_code));
  return rows
    .filter((row) => !former.has(row.ts_code))
    .map((row) => ({
      ts_code: row.ts_code,
      kind: row.kind,
      delisted: row.list_status === 'D',
      spans: spans.get(row.ts_code)!,
    }));
}

/** The first and last day the store holds a bar of any security, or null when it holds none. */
export async function barSpan(db: Knex): Promise<{ first: string; last: string } | null> {
  const row = await db('daily_bars').min({ first: 'trade_date' }).max({ last: 'trade_date' }).first();
  return row?.first ? { first: storedDay(row.first)!, last: storedDay(row.last)! } : null;
}

/** The securities' bars from `from` on, with each day's factor and state, by current code and day (a former code's before its successor took over). */
export async function barsFrom(
  db: Knex,
  securities: readonly QlibSecurity[],
  from: string,
): Promise<Map<string, QlibSourceBar[]>> {
  // Each code read: the security it is a span of, and the day its successor took over (null: the current code).
  const spanOf = new Map(
    securities.flatMap(({ ts_code, spans }) => spans.map(({ code, until }) => [code, { ts_code, until }] as const)),
  );
  const codes = [...spanOf.keys()];
  const rows = await db('daily_bars as b')
    .leftJoin('adj_factors as f', function () {
      this.on('f.ts_code', 'b.ts_code').andOn('f.trade_date', 'b.trade_date');
    })
    .leftJoin('day_states as s', function () {
      this.on('s.ts_code', 'b.ts_code').andOn('s.trade_date', 'b.trade_date');
    })
    .whereIn('b.ts_code', [...codes])
    .where('b.trade_date', '>=', from)
    .orderBy([{ column: 'b.ts_code' }, { column: 'b.trade_date' }])
    .select(
      'b.ts_code',
      'b.trade_date',
      'b.open',
      'b.high',
      'b.low',
      'b.close',
      'b.pre_close',
      'b.vol',
      'b.amount',
      'f.adj_factor',
      's.risk_warning',
      's.limit_up',
      's.limit_down',
      's.limit_source',
      's.limit_move',
      's.limit_streak',
    );
  const byCode = new Map<string, QlibSourceBar[]>();
  for (const row of rows) {
    // The rows as read, their day made text in place: a chunk of history is the export's largest object.
    row.trade_date = storedDay(row.trade_date)!;
    const { ts_code: current, until } = spanOf.get(row.ts_code)!;
    if (until !== null && row.trade_date >= until) continue;
    const bars = byCode.get(current) ?? [];
    bars.push(row);
    byCode.set(current, bars);
  }
  // Read in code order, a former code's bars may follow its successor's: each such security's in day order.
  for (const security of securities)
    if (security.spans.length > 1) byCode.get(security.ts_code)?.sort((a, b) => (a.trade_date < b.trade_date ? -1 : 1));
  return byCode;
}

/** The constituent snapshots of the first of `indexCodes` the store holds any of (CSI's code, then SZSE's). */
export async function constituentRows(db: Knex, indexCodes: readonly string[]): Promise<ConstituentRow[]> {
  for (const code of indexCodes) {
    const rows = await db('index_weights').where('index_code', code).select('trade_date', 'con_code');
    if (rows.length > 0) return rows.map((row) => ({ trade_date: storedDay(row.trade_date)!, con_code: row.con_code }));
  }
  return [];
}

/** Every Shenwan membership interval with its level-1 industry's index code (`index_member_all`). */
export async function industryMemberRows(
  db: Knex,
): Promise<{ l1_code: string; ts_code: string; in_date: string; out_date: string | null }[]> {
  const rows = await db('industry_members').select('l1_code', 'ts_code', 'in_date', 'out_date');
  return rows.map((row) => ({ ...row, in_date: storedDay(row.in_date)!, out_date: storedDay(row.out_date) }));
}

/**
 * The point-in-time fields written (`financial/<instrument>/<field>_q.data`): the main figures of the three
 * statements (consolidated, year to date as reported, yuan; each version on its actual announcement day) and
 * Baostock's quarterly indicators this store keeps (as published; `roe` is its average ROE, a fraction).
 */
export const PIT_FIELDS = [
  { table: 'income_statements', column: 'total_revenue', field: 'total_revenue' },
  { table: 'income_statements', column: 'revenue', field: 'revenue' },
  { table: 'income_statements', column: 'operate_profit', field: 'operate_profit' },
  { table: 'income_statements', column: 'n_income_attr_p', field: 'n_income_attr_p' },
  { table: 'income_statements', column: 'basic_eps', field: 'basic_eps' },
  { table: 'balance_sheets', column: 'total_assets', field: 'total_assets' },
  { table: 'balance_sheets', column: 'total_liab', field: 'total_liab' },
  { table: 'balance_sheets', column: 'total_hldr_eqy_exc_min_int', field: 'total_hldr_eqy_exc_min_int' },
  { table: 'cash_flows', column: 'n_cashflow_act', field: 'n_cashflow_act' },
  { table: 'quarterly_indicators', column: 'roe_avg', field: 'roe' },
  { table: 'quarterly_indicators', column: 'np_margin', field: 'np_margin' },
  { table: 'quarterly_indicators', column: 'gp_margin', field: 'gp_margin' },
  { table: 'quarterly_indicators', column: 'eps_ttm', field: 'eps_ttm' },
  { table: 'quarterly_indicators', column: 'yoy_ni', field: 'yoy_ni' },
  { table: 'quarterly_indicators', column: 'liability_to_asset', field: 'liability_to_asset' },
] as const;

const PIT_TABLES = [...new Set(PIT_FIELDS.map(({ table }) => table))];
/** The day a table's version was published: a statement's actual announcement, an indicator's publication. */
const publishedColumn = (table: string) => (table === 'quarterly_indicators' ? 'ann_date' : 'f_ann_date');
const consolidated = (table: string, query: Knex.QueryBuilder) =>
  table === 'quarterly_indicators' ? query : query.where('report_type', 1);

/** The codes with a version published after `after` (every code with any when null), and the last such day. */
export async function pitChanges(
  db: Knex,
  after: string | null,
): Promise<{ codes: Set<string>; through: string | null }> {
  const codes = new Set<string>();
  let through: string | null = after;
  for (const table of PIT_TABLES) {
    const published = publishedColumn(table);
    const query = consolidated(table, db(table));
    if (after !== null) query.where(published, '>', after);
    for (const row of await query.groupBy('ts_code').select('ts_code').max({ last: published })) {
      codes.add(row.ts_code);
      const last = storedDay(row.last)!;
      if (through === null || last > through) through = last;
    }
  }
  return { codes, through };
}

/** A security's revisions of each PIT field, by field. */
export async function pitRevisions(db: Knex, code: string): Promise<Map<string, PitRecord[]>> {
  const revisions = new Map<string, PitRecord[]>();
  for (const table of PIT_TABLES) {
    const fields = PIT_FIELDS.filter((field) => field.table === table);
    const published = publishedColumn(table);
    const rows = await consolidated(table, db(table))
      .where('ts_code', code)
      // Of two versions published the same day (an update_flag pair), the later row wins below.
      .orderBy([{ column: published }, { column: 'end_date' }])
      .select(published, 'end_date', ...fields.map(({ column }) => column));
    for (const { field, column } of fields) {
      const byDay = new Map<string, PitRecord>();
      for (const row of rows) {
        if (row[column] === null || row[column] === undefined) continue;
        const date = storedDay(row[published])!;
        const period = pitPeriod(storedDay(row.end_date)!);
        byDay.set(`${date} ${period}`, { date: Number(date.replaceAll('-', '')), period, value: Number(row[column]) });
      }
      if (byDay.size > 0) revisions.set(field, [...byDay.values()]);
    }
  }
  return revisions;
}
