import type { Db } from '../../db/connection';
import { parseFields, pickFields } from '../../domain/api/fields';
import { pageWindow, paginationOf } from '../../domain/api/pagination';
import { parseSymbolList } from '../../domain/reference/symbols';
import { exchangeToday } from '../../domain/time/clock';
import { ok, okPage } from '../../http/envelope';
import type { AnswerCache } from '../../http/answers/answerCache';
import { writeAnswer } from '../../http/answers/answerWriters';
import type { Handler } from '../../http/handler';
import type { CodeHistory } from '../common/codeHistory.service';
import type { PlanVisibility } from '../subscriptions/planVisibility.service';
import type { SecuritySearch } from './securitySearch.service';
import { basicInfo } from './basicInfo.service';
import { STOCK_FIELDS, toSearchResultItem, toStock } from './stocks.serializer';

export function stocksHandlers(
  db: Db,
  codes: CodeHistory,
  securities: SecuritySearch,
  answers: AnswerCache,
  visibility: PlanVisibility,
) {
  const getBasicInfo: Handler<'getBasicInfo'> = async (req, res) => {
    const { symbols, single } = parseSymbolList(req.query.symbol, 50);
    const fields = parseFields(req.query.fields, STOCK_FIELDS);
    const { dailyThrough } = await visibility.of(res.locals.keyOwner!.planId);
    const date = req.query.date ?? exchangeToday();
    const stocks = (await basicInfo(db, codes, symbols, dailyThrough, date)).map(({ row, requested }) => ({
      ...requested,
      ...pickFields(toStock(row), fields),
    }));
    await writeAnswer(req, res, ok(single ? stocks[0]! : stocks));
  };

  const searchStocks: Handler<'searchStocks'> = async (req, res) => {
    const window = pageWindow(req.query);
    const keyword = req.query.keyword.trim();
    await answers.send(req, res, async () => {
      const { securities: found, total } = await securities.search(keyword, window);
      return okPage(found.map(toSearchResultItem), paginationOf(window, total));
    });
  };

  return { getBasicInfo, searchStocks };
}
