import { normalizeSymbol } from '../domain/reference/symbols';
import type { Row, TableLoad } from './loaderTypes';
import { date, required } from './fieldParsers';
import { securityIdentity } from './securityRows';

const KIND_OF_TYPE: Record<string, 'stock' | 'index'> = { '1': 'stock', '2': 'index' };

/**
 * A Baostock `query_stock_basic` record (code `sh.600000`, type 1 stock / 2 index, status 0 delisted) as a
 * securities row of identity, listing dates and status only, so that what another source filled in (industry,
 * area, market…) stays; null for the other types (bonds, funds). With `listedStocks` 'delisted since', a stock
 * listed in the record is taken as delisted (status D) on a day the record does not give (delist_date null, as
 * upstream lists such a stock).
 */
function securityRow(values: Record<string, string>, listedStocks: 'listed' | 'delisted since'): Row | null {
  const kind = KIND_OF_TYPE[required(values, 'type')];
  if (kind === undefined) return null;
  const tsCode = normalizeSymbol(required(values, 'code'));
  if (tsCode === null) throw new Error(`invalid code: ${values.code}`);
  const delisted = required(values, 'status') === '0';
  const delistedSince = kind === 'stock' && !delisted && listedStocks === 'delisted since';
  return {
    ...securityIdentity(tsCode, kind, required(values, 'code_name')),
    list_date: date(values, 'ipoDate'),
    delist_date: delisted ? date(values, 'outDate') : null,
    list_status: delisted || delistedSince ? 'D' : 'L',
  };
}

const COLUMNS = ['code', 'code_name', 'type', 'status'];

/**
 * The demo's snapshot of Baostock's list, loaded after the newer Tushare list: fills in the delisted stocks and
 * indices that list lacks, and names the stocks it lists that the newer list lacks (delisted since, on a day
 * neither says: 000584.SZ 哈工智能 traded on 2025-04-03 and is gone from the list of 2026-02-26); rows already
 * present are kept as they are.
 */
export const baostockBasic: TableLoad = {
  table: 'securities',
  key: ['ts_code'],
  columns: COLUMNS,
  dataset: 'reference',
  onConflict: 'ignore',
  toRow: (values) => securityRow(values, 'delisted since'),
};

/** Baostock's list as `sync baostock` fetches it, current: every stock and index, listed or not, merged. */
export const baostockSecurities: TableLoad = {
  table: 'securities',
  key: ['ts_code'],
  columns: COLUMNS,
  dataset: 'reference',
  toRow: (values) => securityRow(values, 'listed'),
};
