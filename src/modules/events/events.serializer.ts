import type { components } from '../../../generated/api';
import { dividendStageCode } from '../../domain/reference/referenceCodes';
import type { AnnouncementRow } from './events.types';
import type { DividendRow } from './events.types';

type Schemas = components['schemas'];

const amount = (value: number | null) => (value === null ? null : Number(value));

export function toDividend(row: DividendRow): Schemas['Dividend'] {
  return {
    end_date: row.end_date,
    ann_date: row.ann_date,
    stage: row.div_proc,
    stage_code: dividendStageCode(row.div_proc),
    cash_per_share_before_tax: amount(row.cash_div_tax),
    cash_per_share_after_tax: amount(row.cash_div),
    bonus_shares_per_share: amount(row.stk_bo_rate),
    transfer_shares_per_share: amount(row.stk_co_rate),
    record_date: row.record_date,
    ex_date: row.ex_date,
    pay_date: row.pay_date,
    list_date: row.div_listdate,
  };
}

export function toDividendSeries(
  security: { ts_code: string; name: string },
  requested: { requested_symbol?: string },
  rows: DividendRow[],
): Schemas['DividendSeries'] {
  return { symbol: security.ts_code, ...requested, name: security.name, dividends: rows.map(toDividend) };
}

export function toAnnouncement(row: AnnouncementRow, name: string): Schemas['Announcement'] {
  return {
    symbol: row.ts_code,
    name,
    title: row.title,
    date: row.ann_date,
    time: row.rec_time,
    type: row.type as Schemas['AnnouncementType'],
    url: row.url,
  };
}
