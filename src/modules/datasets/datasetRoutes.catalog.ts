import {
  BLOCK_TRADES,
  HOLDER_COUNTS,
  LIMIT_LISTS,
  MARGIN_DETAILS,
  MARGIN_TOTALS,
  QUARTERLY_INDICATORS,
  MONEY_FLOWS,
  NORTHBOUND_HOLDINGS,
  TOP_FLOAT_HOLDERS,
  TOP_HOLDERS,
  TOP_LIST_SEATS,
  TOP_LISTS,
} from '../../domain/tables/datasetLayouts';
import type { TableLayout } from '../../domain/tables/tableLayout';
import type { OperationId } from '../../http/operations';

/**
 * The dataset routes, one entry each: the operation and the table registry it reads. A dataset keyed by
 * security and trading day needs, until one descriptor carries it: its registry entry
 * (src/domain/tables/datasetLayouts.ts), its migration, its contract path and schema, an entry here (and in
 * DATASET_FILTERS for its own parameters), its loader in the bundle's LOADERS (src/ingest/bundle.ts), its part
 * in the sync's TASKS (src/ingest/tushare/tushareSync.ts), its api_name (src/modules/tushare/apiNames.catalog.ts),
 * the test samples (test/support/sampleRequests.ts, the plan-visibility matrix) and its fixture rows.
 */
export const DATASET_ROUTES = {
  getMoneyFlow: MONEY_FLOWS,
  getMarginDetail: MARGIN_DETAILS,
  getMarginSummary: MARGIN_TOTALS,
  getNorthboundHoldings: NORTHBOUND_HOLDINGS,
  getLimitList: LIMIT_LISTS,
  getBlockTrades: BLOCK_TRADES,
  getTopList: TOP_LISTS,
  getTopListSeats: TOP_LIST_SEATS,
} as const satisfies Partial<Record<OperationId, TableLayout<string>>>;

export type DatasetOperation = keyof typeof DATASET_ROUTES;

/** A dataset's own query parameters beside the common ones, each naming the column it must equal. */
export const DATASET_FILTERS: {
  [Op in DatasetOperation]?: Record<string, keyof (typeof DATASET_ROUTES)[Op]['columns'] & string>;
} = {
  getLimitList: { limit_type: 'limit' },
  getMarginSummary: { exchange: 'exchange_id' },
  getTopListSeats: { side: 'side' },
};

/**
 * The period dataset routes (disclosures by report period, point in time on the announcement), one entry each:
 * the table registry and the column that ranks a list (the largest holder first), if any.
 */
export const PERIOD_DATASET_ROUTES = {
  getTopHolders: { layout: TOP_HOLDERS, rank: 'hold_amount' },
  getTopFloatHolders: { layout: TOP_FLOAT_HOLDERS, rank: 'hold_amount' },
  getHolderCount: { layout: HOLDER_COUNTS, rank: null },
  getFinancialIndicators: { layout: QUARTERLY_INDICATORS, rank: null },
} as const satisfies Partial<Record<OperationId, { layout: TableLayout<string>; rank: string | null }>>;

export type PeriodDatasetOperation = keyof typeof PERIOD_DATASET_ROUTES;
