import { normalizeSymbol } from '../../domain/symbols';
import type { TableLoad } from '../loaderTypes';
import { date, required } from './fieldParsers';
import { securityIdentity } from './securityRows';

const KIND_OF_TYPE: Record<string, 'stock' | 'index'> = { '1': 'stock', '2': 'index' };

/**
 * Baostock `query_stock_basic` (code `sh.600000`, type 1 stock / 2 index, status 0 delisted): fills in
 * delisted stocks and indices that the Tushare list lacks. Its listed stocks are skipped (the snapshot is
 * older than the Tushare list, so their status may be stale); rows already present are kept as they are.
 */
export const baostockBasic: TableLoad = {
  table: 'securities',
  key: ['ts_code'],
  columns: ['code', 'code_name', 'type', 'status'],
  dataset: 'reference',
  onConflict: 'ignore',
  toRow(values) {
    const kind = KIND_OF_TYPE[required(values, 'type')];
    if (kind === undefined) return null;
    const tsCode = normalizeSymbol(required(values, 'code'));
    if (tsCode === null) throw new Error(`invalid code: ${values.code}`);
    const name = required(values, 'code_name');
    const delisted = required(values, 'status') === '0';
    if (kind === 'stock' && !delisted) return null;
    return {
      ...securityIdentity(tsCode, kind, name),
      list_date: date(values, 'ipoDate'),
      delist_date: delisted ? date(values, 'outDate') : null,
      list_status: delisted ? 'D' : 'L',
    };
  },
};
