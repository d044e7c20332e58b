import { BLOCK_TRADES, LIMIT_LISTS, MARGIN_DETAILS, MONEY_FLOWS, NORTHBOUND_HOLDINGS, TOP_LIST_SEATS, TOP_LISTS } from '../../domain/tables/datasetLayouts';
import type { TableLayout } from '../../domain/tables/tableLayout';
import type { OperationId } from '../../http/operations';

/**
 * The dataset routes, one entry each: the operation and the table registry it reads. A dataset keyed by
 * security and trading day needs its registry entry (src/domain/tables/datasetLayouts.ts), its migration, its
 * contract path and an entry here.
 */
export const DATASET_ROUTES = {
  getMoneyFlow: MONEY_FLOWS,
  getMarginDetail: MARGIN_DETAILS,
  getNorthboundHoldings: NORTHBOUND_HOLDINGS,
  getLimitList: LIMIT_LISTS,
  getBlockTrades: BLOCK_TRADES,
  getTopList: TOP_LISTS,
  getTopListSeats: TOP_LIST_SEATS,
} as const satisfies Partial<Record<OperationId, TableLayout<string>>>;

export type DatasetOperation = keyof typeof DATASET_ROUTES;

/** A dataset's own query parameters beside the common ones, each naming the column it must equal. */
export const DATASET_FILTERS: { [Op in DatasetOperation]?: Record<string, keyof (typeof DATASET_ROUTES)[Op]['columns'] & string> } = {
  getLimitList: { limit_type: 'limit' },
  getTopListSeats: { side: 'side' },
};
