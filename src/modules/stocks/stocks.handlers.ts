import type { Db } from '../../db/connection';
import { parseFields, pickFields } from '../../domain/fields';
import { pageWindow, paginationOf } from '../../domain/pagination';
import { assertAllKnown, parseSymbolList } from '../../domain/symbols';
import { ok, okPage } from '../../http/envelope';
import type { Handler } from '../../http/handler';
import { findStocks, searchSecurities } from './stocks.repository';
import { STOCK_FIELDS, toSearchResultItem, toStock } from './stocks.serializer';

export function stocksHandlers(db: Db) {
  const getBasicInfo: Handler<'getBasicInfo'> = async (req, res) => {
    const { symbols, single } = parseSymbolList(req.query.symbol, 50);
    const fields = parseFields(req.query.fields, STOCK_FIELDS);
    const rows = await findStocks(db, symbols);
    assertAllKnown(symbols, rows.map((row) => row.ts_code));
    const byCode = new Map(rows.map((row) => [row.ts_code, row]));
    const stocks = symbols.map((symbol) => pickFields(toStock(byCode.get(symbol)!), fields));
    res.json(ok(single ? stocks[0] : stocks));
  };

  const searchStocks: Handler<'searchStocks'> = async (req, res) => {
    const window = pageWindow(req.query);
    const { rows, total } = await searchSecurities(db, req.query.keyword.trim(), window);
    res.json(okPage(rows.map(toSearchResultItem), paginationOf(window, total)));
  };

  return { getBasicInfo, searchStocks };
}
