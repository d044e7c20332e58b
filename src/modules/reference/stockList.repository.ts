import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import type { PageRequest } from '../../domain/pagination';
import type { ListStatus } from '../../domain/referenceCodes';
import type { Board, Exchange } from '../../domain/symbols';
import { nameOnDate, whereBoard } from '../common/securityFilters.repository';
import type { ListedRow } from './reference.types';

export interface StockListFilter {
  kind: 'stock' | 'index';
  /** Point in time: the universe listed on that day, under its codes and names of that day. */
  date?: string;
  exchange?: Exchange;
  board?: Board;
  industry?: string;
  status?: ListStatus;
}

/** Listed on `date` by its own listing and delisting dates (delisted on the delisting day). */
const listedOn = (query: Knex.QueryBuilder, alias: string, date: string) =>
  query
    .where(`${alias}.list_date`, '<=', date)
    .where((q) => q.whereNull(`${alias}.delist_date`).orWhere(`${alias}.delist_date`, '>', date));

/**
 * The filtered universe. Without a date: every security but old codes whose successor is in the store (the
 * successor stands for them). With a date: the securities listed that day, where a security that changed its
 * code after the day appears under the old code — once: when the store also holds the old code's own row,
 * listed that day, that row stands and the successor is left out (upstream lists both for 000022.SZ →
 * 001872.SZ, each with the 1993 listing date).
 */
function universe(db: Db, filter: StockListFilter): Knex.QueryBuilder {
  const query = db('securities as s').where('s.kind', filter.kind);
  if (filter.exchange) query.where('s.exchange', filter.exchange);
  if (filter.industry) query.where('s.industry', filter.industry);
  // On a past day every row of the universe was listed (`上市`): the store has no history of statuses.
  if (filter.status && filter.date === undefined) query.where('s.list_status', filter.status);
  if (filter.status && filter.date !== undefined && filter.status !== 'L') query.whereRaw('1 = 0');
  if (filter.board) whereBoard(query, 's.ts_code', filter.board);
  const date = filter.date;
  if (date === undefined) {
    return query.whereNotExists(db('code_changes as c').join('securities as n', 'n.ts_code', 'c.new_code').whereRaw('c.old_code = s.ts_code').select(db.raw('1')));
  }
  listedOn(query, 's', date);
  query.whereNotExists(db('code_changes as c').whereRaw('c.old_code = s.ts_code').where('c.change_date', '<=', date).select(db.raw('1')));
  return query.whereNotExists(
    listedOn(db('code_changes as c').join('securities as o', 'o.ts_code', 'c.old_code').whereRaw('c.new_code = s.ts_code').where('c.change_date', '>', date), 'o', date).select(db.raw('1')),
  );
}

const LISTED_COLUMNS = ['s.ts_code', 's.kind', 's.exchange', 's.industry', 's.list_date', 's.delist_date', 's.list_status'];

/** Securities whose code changed after `date`: shown under their old code that day (a few hundred in the whole market). */
const changedAfter = (db: Db, date: string) => db('code_changes as c').where('c.change_date', '>', date).select('c.new_code');

/**
 * One page of the universe on `date`, ordered by the code shown then. Most securities show their code now, so
 * they come in primary-key order and the scan stops after offset + limit of them; the few shown under an old
 * code are read whole and merged in; names of that day only for the page. Sorting the whole universe by the
 * code then, with its name of the day for every row, cost the width of the market: 15.3 ms for 5,500 stocks
 * against 2.5 ms for 550 on MariaDB.
 */
function pageOnDate(db: Db, filter: StockListFilter, date: string, window: PageRequest): Knex.QueryBuilder {
  const showingCodeNow = universe(db, filter)
    .whereNotIn('s.ts_code', changedAfter(db, date))
    .select(...LISTED_COLUMNS, 's.name', 's.ts_code as code_then')
    .orderBy('s.ts_code')
    .limit(window.offset + window.limit);
  const codeThen = db.raw('(select c.old_code from code_changes c where c.new_code = s.ts_code and c.change_date > ? order by c.change_date limit 1) as code_then', [date]);
  const showingOldCode = universe(db, filter).whereIn('s.ts_code', changedAfter(db, date)).select(...LISTED_COLUMNS, 's.name', codeThen);
  const candidates = db.select('*').from(showingCodeNow.as('now')).unionAll(db.select('*').from(showingOldCode.as('old')));
  return db.from(candidates.as('s'))
    .select(...LISTED_COLUMNS, 's.code_then', nameOnDate(db, 's.ts_code', 's.name', date, 'name_then'))
    .orderBy('s.code_then')
    .limit(window.limit)
    .offset(window.offset);
}

/** One page of the universe ordered by the code shown, and the number of all its rows. */
export async function listSecurities(db: Db, filter: StockListFilter, window: PageRequest): Promise<{ rows: ListedRow[]; total: number }> {
  const date = filter.date;
  const page = date === undefined
    ? universe(db, filter).select(...LISTED_COLUMNS, 's.ts_code as code_then', 's.name as name_then').orderBy('s.ts_code').limit(window.limit).offset(window.offset)
    : pageOnDate(db, filter, date, window);
  const [rows, [{ total }]] = await Promise.all([page, universe(db, filter).count({ total: '*' })]);
  return { rows, total: Number(total) };
}
