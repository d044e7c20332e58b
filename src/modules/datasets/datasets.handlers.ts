import type { Db } from '../../db/connection';
import { pageWindow, paginationOf } from '../../domain/api/pagination';
import type { AnswerCache } from '../../http/answers/answerCache';
import { okPage } from '../../http/envelope';
import type { Handler, ResponseOf } from '../../http/handler';
import type { CodeHistory } from '../common/codeHistory.service';
import type { PlanVisibility } from '../subscriptions/planVisibility.service';
import {
  ANNOUNCED_DATASET_ROUTES,
  SESSION_DATASET_ROUTES,
  type AnnouncedDatasetOperation,
  type DatasetOperation,
  type RoutedDataset,
} from './datasetRoutes.catalog';
import { announcedDatasetRows, datasetRows } from './datasets.service';
import { toAnnouncedDatasetRow, toDatasetRow } from './datasets.serializer';

export interface DatasetDeps {
  db: Db;
  codes: CodeHistory;
  answers: AnswerCache;
  visibility: PlanVisibility;
}

type DatasetHandlers = { [Op in DatasetOperation | AnnouncedDatasetOperation]: Handler<Op> };

/** One handler per dataset route, each reading its dataset's descriptor (datasetRoutes.catalog.ts). */
export function datasetsHandlers({ db, codes, answers, visibility: plans }: DatasetDeps): DatasetHandlers {
  // Every session dataset route takes the same parameters (the contract's DatasetSymbol, DatasetDate, …) and its own filters.
  const sessionHandler =
    (dataset: RoutedDataset<'session'>): Handler<DatasetOperation> =>
    async (req, res) => {
      const query = req.query as Parameters<Handler<'getMoneyFlow'>>[0]['query'] & Record<string, unknown>;
      const equals = Object.fromEntries(
        Object.entries(dataset.route.filters ?? {}).flatMap(([param, column]) =>
          typeof query[param] === 'string' ? [[column, query[param]]] : [],
        ),
      );
      const window = pageWindow(req.query, 1000);
      const visibility = await plans.of(res.locals.keyOwner!.planId);
      const request = { symbol: query.symbol, date: query.date, begin: query.begin_date, end: query.end_date, equals };
      await answers.send(req, res, async () => {
        const { rows, total } = await datasetRows({ db, codes }, dataset, request, window, visibility);
        return okPage(rows.map(toDatasetRow(dataset)), paginationOf(window, total)) as ResponseOf<DatasetOperation>;
      });
    };
  // Every announced dataset route takes symbol, its day under the route's name, begin_date, end_date, as_of, paging.
  const announcedHandler =
    (dataset: RoutedDataset<'announcement'>): Handler<AnnouncedDatasetOperation> =>
    async (req, res) => {
      const query = req.query as Parameters<Handler<'getTopHolders'>>[0]['query'] & Record<string, unknown>;
      const day = query[dataset.route.wire];
      const request = {
        symbol: query.symbol,
        day: typeof day === 'string' ? day : undefined,
        begin: query.begin_date,
        end: query.end_date,
        asOf: query.as_of,
      };
      const window = pageWindow(req.query, 1000);
      await answers.send(req, res, async () => {
        const { rows, total } = await announcedDatasetRows({ db, codes }, dataset, request, window);
        return okPage(
          rows.map(toAnnouncedDatasetRow(dataset)),
          paginationOf(window, total),
        ) as ResponseOf<AnnouncedDatasetOperation>;
      });
    };
  return Object.fromEntries([
    ...SESSION_DATASET_ROUTES.map((dataset) => [dataset.route.operationId, sessionHandler(dataset)]),
    ...ANNOUNCED_DATASET_ROUTES.map((dataset) => [dataset.route.operationId, announcedHandler(dataset)]),
  ]) as DatasetHandlers;
}
