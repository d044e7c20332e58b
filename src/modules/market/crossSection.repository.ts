import type { Db } from '../../db/connection';
import type { Board, Exchange } from '../../domain/symbols';
import { kindSql, nameOnDate, whereBoard, whereExchange } from '../common/securityFilters.repository';
import { barsWithFactors, type StoredBar } from './market.repository';
import { VALUATION_FIELDS, type CrossSectionRow, type ValuationRow } from './market.types';

export interface CrossSectionFilter {
  date: string;
  kind: 'stock' | 'index';
  exchange?: Exchange;
  board?: Board;
  industry?: string;
}

const valuationColumns = (alias: string) => VALUATION_FIELDS.map((field) => `${alias}.${field}`);

/**
 * Every visible bar of one day with its security's name of that day, its factor and valuation, by code: one
 * range of the daily_bars trade-date index, each row joined through primary keys (securities, adj_factors,
 * daily_basic, and name_changes for the name). A security without a bar that day (suspended, not yet listed,
 * delisted) is absent. A bar whose security the reference list lacks (the demo's list of 2026 lacks 267
 * stocks that traded on 2025-04-03 and were delisted since) is kept without a name, its kind, exchange and
 * board from its code.
 */
export async function crossSectionRows(db: Db, filter: CrossSectionFilter, cutoff: string | null): Promise<CrossSectionRow[]> {
  return crossSectionQuery(db, filter, cutoff);
}

/** The query of crossSectionRows, unsent (its plan: bench/cross-section.ts). */
export function crossSectionQuery(db: Db, filter: CrossSectionFilter, cutoff: string | null) {
  const query = barsWithFactors(db, cutoff)
    .leftJoin('securities as s', 's.ts_code', 'b.ts_code')
    .leftJoin('daily_basic as v', (join) => join.on('v.ts_code', 'b.ts_code').andOn('v.trade_date', 'b.trade_date'))
    .where('b.trade_date', filter.date)
    .whereRaw(`${kindSql('b.ts_code', 's.kind')} = ?`, [filter.kind])
    .select(nameOnDate(db, 'b.ts_code', 's.name', filter.date, 'name'), ...valuationColumns('v'))
    .orderBy('b.ts_code');
  if (filter.exchange) whereExchange(query, 'b.ts_code', filter.exchange);
  if (filter.industry) query.where('s.industry', filter.industry);
  if (filter.board) whereBoard(query, 'b.ts_code', filter.board);
  return query;
}

/** Every visible bar of one day (the bases of a cross-section's adjusted pre_close), by code. */
export async function barsOfDay(db: Db, date: string, cutoff: string | null): Promise<StoredBar[]> {
  return barsWithFactors(db, cutoff).where('b.trade_date', date);
}

/** Stored valuations of securities from `begin` to `end`, by code then newest first (a backward scan of the primary key). */
export async function valuationRows(db: Db, tsCodes: string[], begin: string, end: string): Promise<ValuationRow[]> {
  return db('daily_basic as v')
    .whereIn('v.ts_code', tsCodes)
    .whereBetween('v.trade_date', [begin, end])
    .orderBy([{ column: 'v.ts_code', order: 'desc' }, { column: 'v.trade_date', order: 'desc' }])
    .select('v.ts_code', 'v.trade_date', ...valuationColumns('v'));
}
