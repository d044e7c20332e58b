import type { Db } from '../../db/connection';
import { pageWindow, paginationOf } from '../../domain/api/pagination';
import { listStatusOfCode } from '../../domain/reference/referenceCodes';
import { parseOneSymbol, parseSymbolList } from '../../domain/reference/symbols';
import { ok, okPage } from '../../http/envelope';
import { writeAnswer } from '../../http/answers/answerWriters';
import type { Handler } from '../../http/handler';
import { exchangeToday } from '../../domain/time/clock';
import type { CodeHistory } from '../common/codeHistory.service';
import type { TradingCalendar } from '../common/tradingCalendar.service';
import type { PlanVisibility } from '../subscriptions/planVisibility.service';
import {
  codeChangeList,
  conceptConstituents,
  indexConstituents,
  industryConstituents,
  listingHistories,
} from './reference.service';
import { conceptBoardPage } from './conceptBoards.repository';
import * as wire from './reference.serializer';
import type { StockList } from './stockList.service';

export function referenceHandlers(
  db: Db,
  codes: CodeHistory,
  calendar: TradingCalendar,
  stockList: StockList,
  visibility: PlanVisibility,
) {
  const getStockList: Handler<'getStockList'> = async (req, res) => {
    const { kind = 'stock', date, exchange, board, industry, status } = req.query;
    const window = pageWindow(req.query);
    const filter = { kind, date, exchange, board, industry, status: status && listStatusOfCode(status) };
    const { rows, total } = await stockList.page(filter, window);
    await writeAnswer(
      req,
      res,
      okPage(
        rows.map((row) => wire.toListedSecurity(row, date !== undefined)),
        paginationOf(window, total),
      ),
    );
  };

  const getListingStatus: Handler<'getListingStatus'> = async (req, res) => {
    const { symbols, single } = parseSymbolList(req.query.symbol, 50);
    const { dailyThrough } = await visibility.of(res.locals.keyOwner!.planId);
    const histories = (await listingHistories(db, codes, calendar, symbols, dailyThrough)).map(wire.toListingStatus);
    await writeAnswer(req, res, ok(single ? histories[0]! : histories));
  };

  const getCodeChanges: Handler<'getCodeChanges'> = async (req, res) => {
    const symbol = req.query.symbol === undefined ? undefined : parseOneSymbol(req.query.symbol);
    const rows = await codeChangeList(db, codes, { symbol, begin: req.query.begin_date, end: req.query.end_date });
    await writeAnswer(req, res, ok(rows.map(wire.toCodeChange)));
  };

  const getIndexConstituents: Handler<'getIndexConstituents'> = async (req, res) => {
    const window = pageWindow(req.query);
    const index = parseOneSymbol(req.query.index);
    const { tradeDate, rows, total } = await indexConstituents(db, index, req.query.date ?? exchangeToday(), window);
    await writeAnswer(
      req,
      res,
      okPage(
        rows.map((row) => wire.toIndexConstituent(index, tradeDate, row)),
        paginationOf(window, total),
      ),
    );
  };

  const getIndustryConstituents: Handler<'getIndustryConstituents'> = async (req, res) => {
    const window = pageWindow(req.query);
    const request = {
      industry: req.query.industry.trim(),
      level: req.query.level as 1 | 2 | 3 | undefined,
      date: req.query.date ?? exchangeToday(),
    };
    const { match, rows, total } = await industryConstituents(db, request, window);
    await writeAnswer(
      req,
      res,
      okPage(
        rows.map((row) => wire.toIndustryConstituent(row, match)),
        paginationOf(window, total),
      ),
    );
  };

  const getConceptBoards: Handler<'getConceptBoards'> = async (req, res) => {
    const window = pageWindow(req.query);
    const { rows, total } = await conceptBoardPage(
      db,
      { type: req.query.type, exchange: req.query.exchange, name: req.query.name },
      window,
    );
    await writeAnswer(req, res, okPage(rows.map(wire.toConceptBoard), paginationOf(window, total)));
  };

  const getConceptConstituents: Handler<'getConceptConstituents'> = async (req, res) => {
    const window = pageWindow(req.query);
    const request = { board: req.query.board, symbol: req.query.symbol, past: req.query.include_past ?? false };
    const { rows, total } = await conceptConstituents(db, codes, request, window);
    await writeAnswer(req, res, okPage(rows.map(wire.toConceptConstituent), paginationOf(window, total)));
  };

  return {
    getStockList,
    getListingStatus,
    getCodeChanges,
    getIndexConstituents,
    getIndustryConstituents,
    getConceptBoards,
    getConceptConstituents,
  };
}
