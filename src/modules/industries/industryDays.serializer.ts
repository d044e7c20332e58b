import type { components } from '../../../generated/api';
import { lots } from '../../domain/market/adjust';
import { ok } from '../../http/envelope';
import type { IndustryDayRow } from './industries.types';

type IndustryDay = components['schemas']['IndustryDay'];

export function toIndustryCrossSection(date: string, level: number, rows: readonly IndustryDayRow[]) {
  return ok({
    date,
    level,
    industries: rows.map((row): IndustryDay => ({
      symbol: row.index_code,
      name: row.industry_name,
      industry_code: row.industry_code,
      open: row.open,
      high: row.high,
      low: row.low,
      close: row.close,
      pre_close: row.pre_close,
      change: row.change,
      pct_change: row.pct_chg,
      volume: lots(row.vol),
      amount: row.amount,
      pe: row.pe,
      pb: row.pb,
      total_mv: row.total_mv,
      circ_mv: row.circ_mv,
    })),
  });
}
