import type { Db } from '../../db/connection';
import { industryOn } from '../../domain/reference/industryClassification';
import type { CodeHistory } from '../common/codeHistory.service';
import { resolveSecurities, type ResolvedSecurity } from '../common/securityResolution.service';
import { findStocks } from './stocks.repository';
import { industryMemberships } from '../common/industryMemberships.repository';
import type { StockRow } from './stocks.types';

/**
 * The stocks asked for, in request order, an old code answering for the security it became; valuations as of
 * `through`, the industry and subindustry as of `date` (industryOn).
 */
export function basicInfo(
  db: Db,
  codes: CodeHistory,
  symbols: string[],
  through: string | null,
  date: string,
): Promise<ResolvedSecurity<StockRow>[]> {
  return resolveSecurities(codes, symbols, async (current) => {
    const [rows, memberships] = await Promise.all([
      findStocks(db, current, through),
      industryMemberships(db, current, date),
    ]);
    return rows.map((row) => ({ ...row, ...industryOn(memberships.get(row.ts_code) ?? [], date, row.industry) }));
  });
}
