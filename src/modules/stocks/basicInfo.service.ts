import type { Db } from '../../db/connection';
import type { CodeHistory } from '../common/codeHistory.service';
import { resolveSecurities, type ResolvedSecurity } from '../common/securityResolution.service';
import { findStocks } from './stocks.repository';
import type { StockRow } from './stocks.types';

/** The stocks asked for, in request order, an old code answering for the security it became; valuations as of `through`. */
export function basicInfo(
  db: Db,
  codes: CodeHistory,
  symbols: string[],
  through: string | null,
): Promise<ResolvedSecurity<StockRow>[]> {
  return resolveSecurities(codes, symbols, (current) => findStocks(db, current, through));
}
