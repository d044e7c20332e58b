/** Machine codes beside the Chinese values the customer's document and Tushare use. */

/** `securities.list_status` (Tushare L/P/D) → the spec's status and a machine code. */
export const LISTING_STATUS = {
  L: { status: '上市', status_code: 'listed' },
  P: { status: '暂停', status_code: 'suspended' },
  D: { status: '退市', status_code: 'delisted' },
} as const;

export type ListStatus = keyof typeof LISTING_STATUS;
export type StatusCode = (typeof LISTING_STATUS)[ListStatus]['status_code'];

export function listStatusOfCode(code: StatusCode): ListStatus {
  return (Object.keys(LISTING_STATUS) as ListStatus[]).find((key) => LISTING_STATUS[key].status_code === code)!;
}

/** Tushare `div_proc` stages of a dividend plan → machine codes; a stage not listed here is `other`. */
const DIVIDEND_STAGES: Record<string, string> = {
  预案: 'proposed',
  股东大会通过: 'approved',
  实施: 'implemented',
  不分配: 'no_distribution',
  未通过: 'rejected',
  停止实施: 'cancelled',
};

export type DividendStageCode =
  'proposed' | 'approved' | 'implemented' | 'no_distribution' | 'rejected' | 'cancelled' | 'other';

export function dividendStageCode(stage: string): DividendStageCode {
  return (DIVIDEND_STAGES[stage] as DividendStageCode | undefined) ?? 'other';
}
