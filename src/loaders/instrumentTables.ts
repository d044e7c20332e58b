import type { Knex } from 'knex';
import { upsertRows } from '../db/bulkWrite';
import type { SecurityKind } from '../domain/reference/symbols';
import { CONVERTIBLES, FUNDS } from '../domain/tables/instrumentLayouts';
import type { TableLayout } from '../domain/tables/tableLayout';
import type { Row, TableLoad } from './loaderTypes';
import { layoutLoad } from './layoutRows';
import { securityIdentity } from './securityRows';

/** A listed security's reference row, or null while it is only being issued (it has no listing yet). */
type ListingOf = (row: Row) => { name: string; listStatus: 'L' | 'D' } | null;

/**
 * The load of a layout of one security per row (`fund_basic`, `cb_basic`) that also writes each listed one's
 * `securities` row of `kind` (name, pinyin, exchange, listing dates and status), in the same transaction.
 */
function instrumentLoad<C extends string>(layout: TableLayout<C>, kind: SecurityKind, listingOf: ListingOf): TableLoad {
  return layoutLoad(layout, 'reference', {
    async beforeWrite(trx: Knex.Transaction, rows: Row[]): Promise<Row[]> {
      const securities = rows.flatMap((row) => {
        const listing = listingOf(row);
        if (listing === null) return [];
        return [
          {
            ...securityIdentity(String(row.ts_code), kind, listing.name),
            list_date: row.list_date ?? null,
            delist_date: row.delist_date ?? null,
            list_status: listing.listStatus,
          },
        ];
      });
      await upsertRows(trx, { table: 'securities', key: ['ts_code'] }, securities);
      return rows;
    },
  });
}

/** Tushare `fund_basic` (market E): status `L` listed, `D` delisted; a fund still issuing (`I`) is not yet a security. */
export const fundBasic = instrumentLoad(FUNDS, 'etf', (row) =>
  row.status === 'I' ? null : { name: String(row.name), listStatus: row.status === 'D' ? 'D' : 'L' },
);

/** Tushare `cb_basic`: listed once it has a listing date, delisted once it has a delisting date. */
export const cbBasic = instrumentLoad(CONVERTIBLES, 'convertible', (row) =>
  row.list_date === null
    ? null
    : { name: String(row.bond_short_name), listStatus: row.delist_date === null ? 'L' : 'D' },
);
