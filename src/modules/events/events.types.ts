/**
 * The rows of `events`: what its repositories return and its services compute, typed once here so that its
 * serializer shapes them without importing either.
 */
export interface DividendRow {
  ts_code: string;
  end_date: string;
  ann_date: string | null;
  div_proc: string;
  cash_div: number | null;
  cash_div_tax: number | null;
  stk_bo_rate: number | null;
  stk_co_rate: number | null;
  record_date: string | null;
  ex_date: string | null;
  pay_date: string | null;
  div_listdate: string | null;
}

export interface AnnouncementRow {
  ts_code: string;
  ann_date: string;
  rec_time: string | null;
  title: string;
  type: string;
  url: string | null;
}
