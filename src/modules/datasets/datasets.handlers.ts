import type { Db } from '../../db/connection';
import { pageWindow, paginationOf } from '../../domain/api/pagination';
import type { AnswerCache } from '../../http/answers/answerCache';
import { okPage } from '../../http/envelope';
import type { Handler, ResponseOf } from '../../http/handler';
import type { CodeHistory } from '../common/codeHistory.service';
import type { PlanVisibility } from '../subscriptions/planVisibility.service';
import {
  DATASET_FILTERS,
  DATASET_ROUTES,
  PERIOD_DATASET_ROUTES,
  type DatasetOperation,
  type PeriodDatasetOperation,
} from './datasetRoutes.catalog';
import { datasetRows, periodDatasetRows } from './datasets.service';
import { toDatasetRow, toPeriodDatasetRow } from './datasets.serializer';

export interface DatasetDeps {
  db: Db;
  codes: CodeHistory;
  answers: AnswerCache;
  visibility: PlanVisibility;
}

/** One handler per dataset route, each reading its table's registry (datasetRoutes.catalog.ts). */
export function datasetsHandlers({ db, codes, answers, visibility: plans }: DatasetDeps): {
  [Op in DatasetOperation | PeriodDatasetOperation]: Handler<Op>;
} {
  const handlerOf =
    <Op extends DatasetOperation>(operationId: Op): Handler<Op> =>
    async (req, res) => {
      const layout = DATASET_ROUTES[operationId];
      // Every dataset route takes the same parameters (the contract's DatasetSymbol, DatasetDate, …).
      const {
        symbol,
        date,
        begin_date: begin,
        end_date: end,
      } = req.query as Parameters<Handler<'getMoneyFlow'>>[0]['query'];
      const query = req.query as Record<string, unknown>;
      const equals = Object.fromEntries(
        Object.entries(DATASET_FILTERS[operationId] ?? {}).flatMap(([param, column]) =>
          typeof query[param] === 'string' ? [[column, query[param]]] : [],
        ),
      );
      const window = pageWindow(req.query, 1000);
      const visibility = await plans.of(res.locals.keyOwner!.planId);
      await answers.send(req, res, async () => {
        const { rows, total } = await datasetRows(
          { db, codes },
          layout,
          { symbol, date, begin, end, equals },
          window,
          visibility,
        );
        return okPage(rows.map(toDatasetRow(layout)), paginationOf(window, total)) as ResponseOf<Op>;
      });
    };
  const periodHandlerOf =
    <Op extends PeriodDatasetOperation>(operationId: Op): Handler<Op> =>
    async (req, res) => {
      const route = PERIOD_DATASET_ROUTES[operationId];
      // Every period dataset route takes the same parameters (symbol, period, begin_date, end_date, as_of, paging).
      const {
        symbol,
        period,
        begin_date: begin,
        end_date: end,
        as_of: asOf,
      } = req.query as Parameters<Handler<'getTopHolders'>>[0]['query'];
      const window = pageWindow(req.query, 1000);
      await answers.send(req, res, async () => {
        const { rows, total } = await periodDatasetRows(
          { db, codes },
          route,
          { symbol, period, begin, end, asOf },
          window,
        );
        return okPage(rows.map(toPeriodDatasetRow(route.layout)), paginationOf(window, total)) as ResponseOf<Op>;
      });
    };
  return {
    getTopHolders: periodHandlerOf('getTopHolders'),
    getTopFloatHolders: periodHandlerOf('getTopFloatHolders'),
    getHolderCount: periodHandlerOf('getHolderCount'),
    getFinancialIndicators: periodHandlerOf('getFinancialIndicators'),
    getMoneyFlow: handlerOf('getMoneyFlow'),
    getMarginDetail: handlerOf('getMarginDetail'),
    getMarginSummary: handlerOf('getMarginSummary'),
    getNorthboundHoldings: handlerOf('getNorthboundHoldings'),
    getLimitList: handlerOf('getLimitList'),
    getBlockTrades: handlerOf('getBlockTrades'),
    getTopList: handlerOf('getTopList'),
    getTopListSeats: handlerOf('getTopListSeats'),
  };
}
