import type { MissingFields, NoneMissing } from '../api/fields';

/**
 * The registry of `daily_basic`, each valuation column declared once: its name (the same in the store, the API
 * and Tushare), Tushare's power of ten against the store's units (a stored value is Tushare's × 10^power: shares
 * and market values come in 10,000s), and the group of the date-led covering index it is read with (MySQL holds
 * 16 columns an index, so the day's valuations are two index ranges). The key order is the contract's. The
 * table's loader, the routes' row types and field lists, the cross-section's reads and the Tushare mapping all
 * derive from it.
 */
export const DAILY_BASIC_COLUMNS = {
  pe: { power: 0, group: 0 },
  pe_ttm: { power: 0, group: 0 },
  pb: { power: 0, group: 0 },
  ps: { power: 0, group: 0 },
  ps_ttm: { power: 0, group: 0 },
  dv_ratio: { power: 0, group: 0 },
  dv_ttm: { power: 0, group: 0 },
  total_share: { power: 4, group: 1 },
  float_share: { power: 4, group: 1 },
  free_share: { power: 4, group: 1 },
  total_mv: { power: 4, group: 1 },
  circ_mv: { power: 4, group: 1 },
  turnover_rate: { power: 0, group: 1 },
  turnover_rate_f: { power: 0, group: 1 },
  volume_ratio: { power: 0, group: 1 },
} as const satisfies Record<string, { power: number; group: 0 | 1 }>;

export type ValuationField = keyof typeof DAILY_BASIC_COLUMNS;

/** The valuation columns in the contract's order (shares, yuan, percent). */
export const VALUATION_FIELDS = Object.keys(DAILY_BASIC_COLUMNS) as ValuationField[];

/** Tushare's order of `daily_basic`'s fields (its documentation's): the close, then the same columns. */
export const TUSHARE_DAILY_BASIC_ORDER = [
  'close',
  'turnover_rate',
  'turnover_rate_f',
  'volume_ratio',
  'pe',
  'pe_ttm',
  'pb',
  'ps',
  'ps_ttm',
  'dv_ratio',
  'dv_ttm',
  'total_share',
  'float_share',
  'free_share',
  'total_mv',
  'circ_mv',
] as const satisfies readonly ('close' | ValuationField)[];

export type TushareOrderComplete = NoneMissing<
  MissingFields<typeof DAILY_BASIC_COLUMNS, typeof TUSHARE_DAILY_BASIC_ORDER>
>;

/** Tushare's power of ten of a `daily_basic` field (the close is in yuan in both). */
export const dailyBasicPower = (field: 'close' | ValuationField): number =>
  field === 'close' ? 0 : DAILY_BASIC_COLUMNS[field].power;

/** The columns of one covering-index group. */
export const valuationGroup = (group: 0 | 1): ValuationField[] =>
  VALUATION_FIELDS.filter((field) => DAILY_BASIC_COLUMNS[field].group === group);

/** daily_basic's figures in the two groups its date-led covering indexes hold (MySQL: 16 columns an index). */
export const VALUATION_GROUPS = [valuationGroup(0), valuationGroup(1)];
