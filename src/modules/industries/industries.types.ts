import type { RawDailyBar } from '../../domain/market/adjust';

/**
 * The rows of `industries`, typed once here so that its serializer shapes them without importing its
 * repository. An industry of a level with its index's bar and valuation of a day (nulls where its index has none). */
export interface IndustryDayRow extends Omit<RawDailyBar, 'trade_date' | 'turnover' | 'adj_factor'> {
  index_code: string;
  industry_name: string;
  industry_code: string | null;
  pe: number | null;
  pb: number | null;
  total_mv: number | null;
  circ_mv: number | null;
}
