import type { Db } from '../../db/connection';
import type { PageRequest } from '../../domain/api/pagination';
import type { CodeHistory } from '../common/codeHistory.service';
import { resolveSecurities, type ResolvedSecurity } from '../common/securityResolution.service';
import { listingRows } from '../common/listing.repository';
import type { ListingRow } from '../common/common.types';
import { announcementsOf, dividendsOf, type AnnouncementQuery, type EventRange } from './events.repository';

/** Requested symbols → their listing rows (old codes followed), with their former codes. */
const knownSecurities = (db: Db, codes: CodeHistory, symbols: string[]) =>
  resolveSecurities(codes, symbols, (current) => listingRows(db, current));

export async function dividendSeries(
  db: Db,
  codes: CodeHistory,
  symbols: string[],
  range: EventRange,
  dateField: 'ann_date' | 'ex_date',
) {
  const securities = await knownSecurities(db, codes, symbols);
  return Promise.all(
    securities.map(async ({ row, requested, spans }) => ({
      security: row,
      requested,
      dividends: await dividendsOf(db, spans, range, dateField),
    })),
  );
}

export async function announcementPage(
  db: Db,
  codes: CodeHistory,
  symbol: string,
  filter: AnnouncementQuery,
  window: PageRequest,
) {
  const [{ row: security, spans }] = (await knownSecurities(db, codes, [symbol])) as [ResolvedSecurity<ListingRow>];
  const { rows, total } = await announcementsOf(db, spans, filter, window);
  return { rows, name: security.name, total };
}
