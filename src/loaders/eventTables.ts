import { createHash } from 'node:crypto';
import { classifyAnnouncement } from '../domain/reference/announcementTypes';
import { ANNOUNCEMENTS, DISCLOSURE_DATES, TRADING_HALTS } from '../domain/tables/eventLayouts';
import type { TableLoad } from './loaderTypes';
import { layoutLoad, layoutRow } from './layoutRows';

/** Tushare `suspend_d`: one row per halted day (`S`) or resumption day (`R`). */
export const suspendD: TableLoad = layoutLoad(TRADING_HALTS, 'events', {
  toRow(values) {
    const row = layoutRow(TRADING_HALTS, values);
    if (row.suspend_type !== 'S' && row.suspend_type !== 'R')
      throw new Error(`suspend_type must be S or R: ${row.suspend_type}`);
    return row;
  },
});

/**
 * Tushare `anns_d` (ann_date, ts_code, name, title, url, rec_time): announcements have no id upstream, so
 * the id is a hash of code, date, title and URL (the same announcement sent twice lands once). `anns_d` has
 * no type column: the type is classified from the title (domain/announcementTypes).
 */
export const annsD: TableLoad = layoutLoad(ANNOUNCEMENTS, 'events', {
  toRow(values) {
    const row = layoutRow(ANNOUNCEMENTS, values, ['ann_date', 'ts_code', 'name', 'title', 'url', 'rec_time']);
    const title = String(row.title);
    const id = createHash('sha256')
      .update([row.ts_code, row.ann_date, title, row.url ?? ''].join('\u0000'))
      .digest('hex');
    return { ...row, id, type: classifyAnnouncement(title) };
  },
  resolveSameKey: (_earlier, later) => later,
});

/** Tushare `disclosure_date`: the exchanges' schedule of periodic reports, planned and actual dates. */
export const disclosureDate: TableLoad = layoutLoad(DISCLOSURE_DATES, 'financials');
