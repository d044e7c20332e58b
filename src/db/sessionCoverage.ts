import type { Knex } from 'knex';
import { universeCounts, type CoverageDataset, type ListedLife, type SessionCount } from '../domain/market/coverage';
import { storedDay } from './sql';

/**
 * The counts coverage rests on, for the update (which sessions to fetch) and the coverage route (what to tell):
 * a dataset's rows per session and, for a per-security daily dataset, the day's universe (`universe`, from
 * `universeOf` once for every dataset asked about the same sessions). Reads date-led index ranges of the
 * sessions asked, never a whole table.
 */
export async function sessionCounts(
  db: Knex,
  dataset: CoverageDataset,
  sessions: readonly string[],
  universe: ReadonlyMap<string, number>,
): Promise<Map<string, SessionCount>> {
  const counts = new Map<string, SessionCount>();
  if (sessions.length === 0) return counts;
  const [first, last] = [sessions[0]!, sessions.at(-1)!];
  const column = `t.${dataset.dateColumn}`;
  const query = db(`${dataset.table} as t`)
    .whereBetween(column, [first, last])
    .groupBy(column)
    .select(`${column} as day`)
    .count({ rows: '*' });
  // Indices have bars too: a session's universe is of stocks, so are its rows (a bar of a code the stock list
  // lacks counts as a stock's).
  if (dataset.table === 'daily_bars')
    query
      .leftJoin('securities as s', 's.ts_code', 't.ts_code')
      .where((q) => q.whereNull('s.kind').orWhere('s.kind', 'stock'));
  const rows = new Map<string, number>(
    ((await query) as Array<{ day: unknown; rows: unknown }>).map((row) => [
      String(row.day).slice(0, 10),
      Number(row.rows),
    ]),
  );
  const universal = dataset.completeness === 'universe';
  for (const day of sessions)
    counts.set(day, { rows: rows.get(day) ?? 0, expected: universal ? (universe.get(day) ?? 0) : 0 });
  return counts;
}

/** The last day of the stored SSE calendar, open or closed (null: none stored). */
export async function calendarThrough(db: Knex): Promise<string | null> {
  const row = await db('trade_calendar').where({ exchange: 'SSE' }).max({ through: 'cal_date' }).first();
  return row?.through == null ? null : String(row.through).slice(0, 10);
}

/** Every open day of the calendar (the SSE's serves all three exchanges), ascending (about 8,600 since 1990). */
export async function allOpenDays(db: Knex): Promise<string[]> {
  return db('trade_calendar').where({ exchange: 'SSE', is_open: 1 }).orderBy('cal_date').pluck('cal_date');
}

/**
 * How many stocks of `exchanges` (all by default) trade on each session: listed that day, less those halted: what
 * a source that serves those exchanges owes for the session.
 */
export async function universeOf(
  db: Knex,
  sessions: readonly string[],
  exchanges?: readonly string[],
): Promise<Map<string, number>> {
  if (sessions.length === 0) return new Map();
  const stocks = () => {
    const query = db('securities as s').where('s.kind', 'stock');
    return exchanges === undefined ? query : query.whereIn('s.exchange', [...exchanges]);
  };
  const lives: ListedLife[] = await stocks().select('s.list_date', 's.delist_date');
  const halted: Array<{ trade_date: string; n: unknown }> = await db('trading_halts')
    .whereIn('ts_code', stocks().select('s.ts_code'))
    .where({ suspend_type: 'S' })
    .whereBetween('trade_date', [sessions[0]!, sessions.at(-1)!])
    .groupBy('trade_date')
    .select('trade_date')
    .count({ n: '*' });
  return universeCounts(sessions, lives, new Map(halted.map((row) => [String(row.trade_date), Number(row.n)])));
}

/** The first and last date a dataset holds (one security's with `tsCode`), from its indexes' ends. */
export async function dateSpan(
  db: Knex,
  dataset: CoverageDataset,
  tsCode?: string,
): Promise<{ first: string | null; last: string | null }> {
  // Two statements, not one with both: SQLite answers a lone min() or max() from an index's end, both together
  // by reading the whole index.
  const end = async (which: 'min' | 'max') => {
    const query = db(dataset.table)[which]({ day: dataset.dateColumn });
    if (tsCode !== undefined) query.where({ ts_code: tsCode });
    return storedDay(((await query) as Array<{ day: unknown }>)[0]?.day);
  };
  return { first: await end('min'), last: await end('max') };
}

/** Rows and distinct securities of a dataset (one security's rows with `tsCode`). */
export async function rowTotals(
  db: Knex,
  dataset: CoverageDataset,
  tsCode?: string,
): Promise<{ rows: number; securities: number }> {
  if (tsCode !== undefined) {
    const [row] = await db(dataset.table).where({ ts_code: tsCode }).count({ rows: '*' });
    const rows = Number(row?.rows ?? 0);
    return { rows, securities: rows > 0 ? 1 : 0 };
  }
  const [row] = await db(dataset.table).count({ rows: '*' });
  // Securities of the stock list with a row, each one lookup on the table's key (it leads with ts_code): counting
  // distinct codes read the whole table.
  const [held] = await db('securities as s')
    .whereExists((q) => q.select(db.raw('1')).from(`${dataset.table} as t`).whereRaw('t.ts_code = s.ts_code'))
    .count({ securities: '*' });
  return { rows: Number(row?.rows ?? 0), securities: Number(held?.securities ?? 0) };
}
