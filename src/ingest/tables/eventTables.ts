import { createHash } from 'node:crypto';
import { classifyAnnouncement } from '../../domain/announcementTypes';
import type { TableLoad } from '../loaderTypes';
import { required, requiredDate, text, tsCode } from './fieldParsers';

/** Tushare `suspend_d`: one row per halted day (`S`) or resumption day (`R`). */
export const suspendD: TableLoad = {
  table: 'trading_halts',
  key: ['ts_code', 'trade_date', 'suspend_type'],
  columns: ['ts_code', 'trade_date', 'suspend_type'],
  dataset: 'events',
  toRow(values) {
    const type = required(values, 'suspend_type');
    if (type !== 'S' && type !== 'R') throw new Error(`suspend_type must be S or R: ${type}`);
    return {
      ts_code: tsCode(values),
      trade_date: requiredDate(values, 'trade_date'),
      suspend_type: type,
      suspend_timing: text(values, 'suspend_timing'),
    };
  },
};

const DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

/**
 * Tushare `anns_d` (ann_date, ts_code, name, title, url, rec_time): announcements have no id upstream, so
 * the id is a hash of code, date, title and URL (the same announcement sent twice lands once). `anns_d` has
 * no type column: the type is classified from the title (domain/announcementTypes).
 */
export const annsD: TableLoad = {
  table: 'announcements',
  key: ['id'],
  columns: ['ann_date', 'ts_code', 'title'],
  dataset: 'events',
  toRow(values) {
    const code = tsCode(values);
    const annDate = requiredDate(values, 'ann_date');
    const title = required(values, 'title');
    const url = text(values, 'url');
    const recTime = text(values, 'rec_time');
    if (recTime !== null && !DATE_TIME.test(recTime)) throw new Error(`rec_time must be YYYY-MM-DD HH:MM:SS: ${recTime}`);
    return {
      id: createHash('sha256').update([code, annDate, title, url ?? ''].join('\u0000')).digest('hex'),
      ts_code: code,
      ann_date: annDate,
      title,
      type: classifyAnnouncement(title),
      url,
      rec_time: recTime,
    };
  },
  resolveSameKey: (_earlier, later) => later,
};
