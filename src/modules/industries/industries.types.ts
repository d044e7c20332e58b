/**
 * The rows of `industries`, typed once here so that its serializer shapes them without importing its
 * repository. An industry of a level with its index's bar and valuation of a day (nulls where its index has none). */
export interface IndustryDayRow {
  index_code: string;
  industry_name: string;
  industry_code: string | null;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  pre_close: number | null;
  change: number | null;
  pct_chg: number | null;
  vol: number | null;
  amount: number | null;
  pe: number | null;
  pb: number | null;
  total_mv: number | null;
  circ_mv: number | null;
}
