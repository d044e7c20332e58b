import type { Knex } from 'knex';
import { universeCounts, type CoverageDataset, type ListedLife, type SessionCount } from '../domain/market/coverage';
import { memberCounts, spanGroups, wholeMarketOn, type ResolvedUniverse } from '../domain/market/universe';
import { storedDay } from './sql';

/** What a session's universe is: the stocks expected on each session, and the declaration they are of. */
export interface SessionUniverse {
  expected: ReadonlyMap<string, number>;
  /** The store's declared universe (null: nothing declared, the whole market). */
  declared: ResolvedUniverse | null;
}

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
  universe: SessionUniverse,
): Promise<Map<string, SessionCount>> {
  const counts = new Map<string, SessionCount>();
  if (sessions.length === 0) return counts;
  const universal = dataset.completeness === 'universe';
  const { declared } = universe;
  const market = universal ? sessions.filter((day) => wholeMarketOn(declared, day)) : sessions;
  const rows = market.length === 0 ? new Map<string, number>() : await marketRows(db, dataset, market);
  // A session not of the whole market counts the rows of the securities meant that day, and no other.
  if (universal && declared !== null && market.length < sessions.length) {
    const isMarket = new Set(market);
    for (const group of spanGroups(declared.members, sessions[0]!, sessions.at(-1)!))
      for (const [day, n] of await dayRows(db, dataset, group.from, group.until, group.codes))
        if (!isMarket.has(day)) rows.set(day, (rows.get(day) ?? 0) + n);
  }
  for (const day of sessions)
    counts.set(day, { rows: rows.get(day) ?? 0, expected: universal ? (universe.expected.get(day) ?? 0) : 0 });
  return counts;
}

/** A dataset's rows per day of `sessions`' range (of stocks, for the daily bars), kept for those sessions. */
async function marketRows(
  db: Knex,
  dataset: CoverageDataset,
  sessions: readonly string[],
): Promise<Map<string, number>> {
  const rows = await dayRows(db, dataset, sessions[0]!, sessions.at(-1)!);
  const asked = new Set(sessions);
  return new Map([...rows].filter(([day]) => asked.has(day)));
}

/** A dataset's rows per day from `from` through `until`, of `codes` only when given. */
async function dayRows(
  db: Knex,
  dataset: CoverageDataset,
  from: string,
  until: string,
  codes?: readonly string[],
): Promise<Map<string, number>> {
  const column = `t.${dataset.dateColumn}`;
  const query = db(`${dataset.table} as t`)
    .whereBetween(column, [from, until])
    .groupBy(column)
    .select(`${column} as day`)
    .count({ rows: '*' });
  if (codes !== undefined) query.whereIn('t.ts_code', [...codes]);
  // Indices have bars too: a session's universe is of stocks, so are its rows (a bar of a code the stock list
  // lacks counts as a stock's).
  else if (dataset.table === 'daily_bars')
    query
      .leftJoin('securities as s', 's.ts_code', 't.ts_code')
      .where((q) => q.whereNull('s.kind').orWhere('s.kind', 'stock'));
  return new Map(
    ((await query) as Array<{ day: unknown; rows: unknown }>).map((row) => [storedDay(row.day)!, Number(row.rows)]),
  );
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
 * How many stocks of `exchanges` (all by default) trade on each session: those the store declares for the
 * session (`declared`, read once by the caller: `declaredUniverse`; null, the whole market) listed that day, less those halted: what a source that serves those
 * exchanges owes for the session.
 */
export async function universeOf(
  db: Knex,
  declared: ResolvedUniverse | null,
  sessions: readonly string[],
  exchanges?: readonly string[],
): Promise<SessionUniverse> {
  if (sessions.length === 0) return { expected: new Map(), declared };
  const [first, last] = [sessions[0]!, sessions.at(-1)!];
  const stocks = () => {
    const query = db('securities as s').where('s.kind', 'stock');
    return exchanges === undefined ? query : query.whereIn('s.exchange', [...exchanges]);
  };
  const market = sessions.filter((day) => wholeMarketOn(declared, day));
  const expected = new Map<string, number>();
  if (market.length > 0) {
    const lives: ListedLife[] = await stocks().select('s.list_date', 's.delist_date');
    const halted: Array<{ trade_date: string; n: unknown }> = await db('trading_halts')
      .whereIn('ts_code', stocks().select('s.ts_code'))
      .where({ suspend_type: 'S' })
      .whereBetween('trade_date', [first, last])
      .groupBy('trade_date')
      .select('trade_date')
      .count({ n: '*' });
    const byDay = new Map(halted.map((row) => [storedDay(row.trade_date)!, Number(row.n)]));
    for (const [day, n] of universeCounts(market, lives, byDay)) expected.set(day, n);
  }
  if (declared !== null && market.length < sessions.length) {
    const rest = sessions.filter((day) => !wholeMarketOn(declared, day));
    const codes = [...new Set(declared.members.map((span) => span.ts_code))];
    const lives = new Map<string, ListedLife>(
      (await stocks().whereIn('s.ts_code', codes).select('s.ts_code', 's.list_date', 's.delist_date')).map(
        (row: ListedLife & { ts_code: string }) => [row.ts_code, row],
      ),
    );
    const halted = await db('trading_halts')
      .whereIn('ts_code', codes)
      .where({ suspend_type: 'S' })
      .whereBetween('trade_date', [first, last])
      .select('ts_code', 'trade_date');
    const members = declared.members.flatMap((span) => {
      const life = lives.get(span.ts_code);
      return life === undefined ? [] : [{ ...span, list_date: life.list_date, delist_date: life.delist_date }];
    });
    const counts = memberCounts(
      rest,
      members,
      new Set(
        halted.map((row: { ts_code: string; trade_date: unknown }) => `${row.ts_code}|${storedDay(row.trade_date)}`),
      ),
    );
    for (const [day, n] of counts) expected.set(day, n);
  }
  return { expected, declared };
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
