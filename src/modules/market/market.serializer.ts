import type { components } from '../../../generated/api';
import type { DailyBar } from '../../domain/adjust';
import { parseFields, pickFields } from '../../domain/fields';
import type { DailySeries } from './market.service';

export type WireDailySeries = components['schemas']['DailySeries'];

const PRICE_FIELDS = [
  'date', 'open', 'high', 'low', 'close', 'pre_close', 'change', 'pct_change', 'volume', 'amount', 'turnover',
] as const satisfies readonly (keyof DailyBar)[];
const UNADJUSTED_FIELDS = [...PRICE_FIELDS, 'adj_factor'] as const;

export type DailyField = (typeof UNADJUSTED_FIELDS)[number];

/** The chosen fields of a daily bar; `adj_factor` exists only for unadjusted bars. Null means all. */
export function parseDailyFields(input: string | undefined, adjusted: boolean): readonly DailyField[] | null {
  if (input === undefined) return null;
  return parseFields<DailyField>(input, adjusted ? PRICE_FIELDS : UNADJUSTED_FIELDS);
}

export function toDailySeries(series: DailySeries, fields: readonly DailyField[] | null): WireDailySeries {
  return {
    symbol: series.security.ts_code,
    name: series.security.name,
    adj_anchor_date: series.anchorDate,
    daily: fields === null ? series.bars : series.bars.map((bar) => pickFields(bar as Required<DailyBar>, fields)),
  };
}
