import type { Db } from '../../db/connection';
import { parseFields, pickFields } from '../../domain/fields';
import { pageWindow, paginationOf } from '../../domain/pagination';
import { assertAllKnown, parseSymbolList } from '../../domain/symbols';
import { ok, okPage } from '../../http/envelope';
import type { AnswerCache } from '../../http/answerCache';
import type { Handler } from '../../http/handler';
import { requestedSymbolOf } from '../../domain/codeChanges';
import type { CodeChanges } from '../reference/codeChanges.service';
import type { SecuritySearch } from './securitySearch.service';
import { findStocks } from './stocks.repository';
import { STOCK_FIELDS, toSearchResultItem, toStock } from './stocks.serializer';

export function stocksHandlers(db: Db, codes: CodeChanges, securities: SecuritySearch, answers: AnswerCache) {
  const getBasicInfo: Handler<'getBasicInfo'> = async (req, res) => {
    const { symbols, single } = parseSymbolList(req.query.symbol, 50);
    const fields = parseFields(req.query.fields, STOCK_FIELDS);
    const resolved = await codes.resolve(symbols);
    const rows = new Map((await findStocks(db, resolved.map(({ code }) => code))).map((row) => [row.ts_code, row]));
    assertAllKnown(symbols, resolved.filter(({ code }) => rows.has(code)).map(({ requested }) => requested));
    const stocks = resolved.map((symbol) => ({ ...requestedSymbolOf(symbol), ...pickFields(toStock(rows.get(symbol.code)!), fields) }));
    res.json(ok(single ? stocks[0]! : stocks));
  };

  const searchStocks: Handler<'searchStocks'> = async (req, res) => {
    const window = pageWindow(req.query);
    const keyword = req.query.keyword.trim();
    await answers.send(req, res, ['search', keyword, window], async () => {
      const { securities: found, total } = await securities.search(keyword, window);
      return okPage(found.map(toSearchResultItem), paginationOf(window, total));
    });
  };

  return { getBasicInfo, searchStocks };
}
