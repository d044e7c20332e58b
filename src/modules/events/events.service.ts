import type { Db } from '../../db/connection';
import type { PageRequest } from '../../domain/pagination';
import { assertAllKnown } from '../../domain/symbols';
import { requestedSymbolOf, type CodeSpan } from '../../domain/codeChanges';
import type { CodeChanges } from '../reference/codeChanges.service';
import { listingRows, type ListingRow } from '../reference/listingStatus.repository';
import { announcementsOf, dividendsOf, type AnnouncementQuery, type EventRange } from './events.repository';
import * as wire from './events.serializer';

interface KnownSecurity {
  security: ListingRow;
  requested: { requested_symbol?: string };
  /** The security's codes, current first. */
  spans: CodeSpan[];
}

/** Requested symbols → the securities answering for them (old codes followed), with their former codes. */
async function knownSecurities(db: Db, codes: CodeChanges, symbols: string[]): Promise<KnownSecurity[]> {
  const resolved = await codes.resolve(symbols);
  const rows = new Map((await listingRows(db, resolved.map(({ code }) => code))).map((row) => [row.ts_code, row]));
  assertAllKnown(symbols, resolved.filter(({ code }) => rows.has(code)).map(({ requested }) => requested));
  const spans = await codes.spans([...rows.keys()]);
  return resolved.map((symbol) => ({ security: rows.get(symbol.code)!, requested: requestedSymbolOf(symbol), spans: spans.get(symbol.code)! }));
}

export async function dividendSeries(db: Db, codes: CodeChanges, symbols: string[], range: EventRange, dateField: 'ann_date' | 'ex_date') {
  const securities = await knownSecurities(db, codes, symbols);
  return Promise.all(
    securities.map(async ({ security, requested, spans }) => wire.toDividendSeries(security, requested, await dividendsOf(db, spans, range, dateField))),
  );
}

export async function announcementPage(db: Db, codes: CodeChanges, symbol: string, filter: AnnouncementQuery, window: PageRequest) {
  const [{ security, spans }] = (await knownSecurities(db, codes, [symbol])) as [KnownSecurity];
  const { rows, total } = await announcementsOf(db, spans, filter, window);
  return { items: rows.map((row) => wire.toAnnouncement(row, security.name)), total };
}
