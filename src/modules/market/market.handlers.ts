import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import { exchangeToday } from '../../domain/time/clock';
import { invalidSymbol } from '../../domain/api/errors';
import { canonicalInterval, isMinuteInterval } from '../../domain/market/klines';
import { parseOneSymbol, parseSymbolList } from '../../domain/reference/symbols';
import type { AnswerCache } from '../../http/answers/answerCache';
import { ok, okText, seriesJson } from '../../http/envelope';
import { writeAnswer } from '../../http/answers/answerWriters';
import type { Handler } from '../../http/handler';
import { intradaySession, tickPage } from './intraday.service';
import { klineSeries } from './klines.service';
import * as wire from './market.serializer';
import { dailySeries, knownSecurities, type MarketSources } from './market.service';
import { factorHistory, tradingCalendar } from './factorsAndCalendar.service';
import { assertTickAccess, type PlanVisibility } from '../subscriptions/planVisibility.service';
import { crossSection } from './crossSection.service';
import { limitLadder } from './limitLadder.service';
import { valuationAnswer } from './valuationAnswer.service';
import { latestQuotes } from './quote.service';
import { toQuote } from './quote.serializer';

const DEFAULT_KLINES = 250;

export interface MarketDeps extends MarketSources {
  answers: AnswerCache;
  /** What each plan sees now (delays on market time, tick access). */
  visibility: PlanVisibility;
  /** Secret that signs trade cursors; a random one per process when absent (cursors then die with it). */
  cursorSecret?: string;
}

export function marketHandlers({
  db,
  codes,
  calendar,
  directory,
  answers,
  visibility: planVisibility,
  cursorSecret = randomBytes(32).toString('hex'),
}: MarketDeps) {
  const sources: MarketSources = { db, codes, calendar, directory };
  const visibilityOf = (res: Response) => planVisibility.of(res.locals.keyOwner!.planId);

  const getDaily: Handler<'getDaily'> = async (req, res) => {
    const { symbols, single } = parseSymbolList(req.query.symbol, 50);
    const { begin_date: begin, end_date: end, adjusted = true, limit } = req.query;
    const fields = wire.parseDailyFields(req.query.fields, adjusted);
    const visibility = await visibilityOf(res);
    const request = { symbols, begin, end, adjusted, limit, states: wire.asksState(fields) };
    await answers.send(req, res, async () => {
      const series = await dailySeries(sources, request, visibility);
      return okText(
        series.map((one) => seriesJson(wire.toDailySeries(one, fields), 'daily')),
        single,
      );
    });
  };

  const getLegacyStockPrices: Handler<'getLegacyStockPrices'> = async (req, res) => {
    const request = {
      symbols: [parseOneSymbol(req.query.symbol)],
      begin: req.query.start_date,
      end: req.query.end_date,
      adjusted: true,
    };
    const visibility = await visibilityOf(res);
    await answers.send(req, res, async () => {
      const [series] = await dailySeries(sources, request, visibility);
      return ok(wire.toDailySeries(series!, null));
    });
  };

  const getKlines: Handler<'getKlines'> = async (req, res) => {
    const interval = canonicalInterval(req.query.interval ?? 'daily')!;
    const { begin_date: begin, end_date: end, adjusted = true, limit = DEFAULT_KLINES } = req.query;
    const visibility = await visibilityOf(res);
    const [security] = await knownSecurities(db, codes, [parseOneSymbol(req.query.symbol)], visibility.dailyThrough);
    const request = { security: security!, interval, begin, end, adjusted, limit };
    // Minute klines move with every minute loaded: never stored.
    const store = !isMinuteInterval(interval);
    await answers.send(req, res, async () => ok(wire.toKlineSeries(await klineSeries(sources, request, visibility))), {
      store,
    });
  };

  const getLegacyIndices: Handler<'getLegacyIndices'> = async (req, res) => {
    const interval = canonicalInterval(req.query.period ?? 'daily')!;
    const visibility = await visibilityOf(res);
    const [security] = await knownSecurities(db, codes, [parseOneSymbol(req.query.index)], visibility.dailyThrough);
    if (security!.kind !== 'index') throw invalidSymbol(`Not an index: ${security!.ts_code}`);
    const request = { security: security!, interval, adjusted: false, limit: DEFAULT_KLINES };
    await answers.send(req, res, async () => ok(wire.toKlineSeries(await klineSeries(sources, request, visibility))));
  };

  const getAdjustmentFactor: Handler<'getAdjustmentFactor'> = async (req, res) => {
    const { dailyThrough } = await visibilityOf(res);
    const [security] = await knownSecurities(db, codes, [parseOneSymbol(req.query.symbol)], dailyThrough);
    const range = { begin: req.query.begin_date, end: req.query.end_date };
    await answers.send(req, res, async () =>
      ok(wire.toAdjustmentFactors(security!, await factorHistory(db, security!, range))),
    );
  };

  const getTradingCalendar: Handler<'getTradingCalendar'> = async (req, res) => {
    const { exchange = 'SSE', begin_date: begin, end_date: end, is_open: isOpen } = req.query;
    const days = await tradingCalendar(db, { begin, end, isOpen }, exchangeToday());
    await answers.send(req, res, async () => ok(days.map((day) => wire.toCalendarDay(day, exchange))), {
      store: false,
    });
  };

  const getIntraday: Handler<'getIntraday'> = async (req, res) => {
    const visibility = await visibilityOf(res);
    const [security] = await knownSecurities(db, codes, [parseOneSymbol(req.query.symbol)], visibility.dailyThrough);
    await writeAnswer(
      req,
      res,
      ok(wire.toIntradaySession(security!, await intradaySession(db, security!.ts_code, visibility))),
    );
  };

  const getQuote: Handler<'getQuote'> = async (req, res) => {
    const visibility = await visibilityOf(res);
    const securities = await knownSecurities(
      db,
      codes,
      parseSymbolList(req.query.symbol, 50).symbols,
      visibility.dailyThrough,
    );
    res.json(ok((await latestQuotes(db, securities, visibility)).map(toQuote)));
  };

  const getTrades: Handler<'getTrades'> = async (req, res) => {
    const visibility = await visibilityOf(res);
    assertTickAccess(visibility);
    const [security] = await knownSecurities(db, codes, [parseOneSymbol(req.query.symbol)], visibility.dailyThrough);
    const { date, cursor, limit = 100 } = req.query;
    const page = await tickPage(db, { tsCode: security!.ts_code, date, cursor, limit }, visibility, cursorSecret);
    await writeAnswer(req, res, { ...ok(page.trades.map(wire.toTrade)), cursor: page.cursor, has_more: page.hasMore });
  };

  const getMarketCrossSection: Handler<'getMarketCrossSection'> = async (req, res) => {
    const { date, adjusted = false, kind = 'stock', exchange, board, industry } = req.query;
    const fields = wire.parseCrossSectionFields(req.query.fields, adjusted, kind);
    const visibility = await visibilityOf(res);
    const states = {
      states: wire.asksState(fields),
      riskWarning: req.query.risk_warning,
      limitMove: req.query.limit_move,
    };
    const request = { date, adjusted, kind, exchange, board, industry, ...states };
    await answers.send(req, res, async () =>
      wire.toCrossSection(await crossSection(sources, request, visibility), fields),
    );
  };

  const getLimitLadder: Handler<'getLimitLadder'> = async (req, res) => {
    const { date, exchange, board, risk_warning: riskWarning } = req.query;
    const visibility = await visibilityOf(res);
    await answers.send(req, res, async () =>
      ok(wire.toLimitLadder(await limitLadder(sources, { date, exchange, board, riskWarning }, visibility))),
    );
  };

  const getValuation: Handler<'getValuation'> = async (req, res) => {
    const { symbols } = parseSymbolList(req.query.symbol, 50);
    const fields = wire.parseValuationFields(req.query.fields);
    const visibility = await visibilityOf(res);
    const request = { symbols, begin: req.query.begin_date, end: req.query.end_date };
    await answers.send(req, res, () => valuationAnswer(sources, request, visibility, fields));
  };

  return {
    getMarketCrossSection,
    getLimitLadder,
    getValuation,
    getDaily,
    getLegacyStockPrices,
    getKlines,
    getLegacyIndices,
    getAdjustmentFactor,
    getTradingCalendar,
    getIntraday,
    getQuote,
    getTrades,
  };
}
