import { AppError } from '../../domain/errors';
import { canonicalInterval, isMinuteInterval } from '../../domain/klines';
import { parseOneSymbol, parseSymbolList } from '../../domain/symbols';
import { ok } from '../../http/envelope';
import type { Handler } from '../../http/handler';
import { JsonText, sendCacheable } from '../../http/responseCache';
import type { MarketContext } from './market.context';
import { klineSeries } from './market.klines';
import { beijingToday, factorHistory, tradingCalendar } from './market.reference';
import * as wire from './market.serializer';
import { dailySeries, knownSecurities } from './market.service';
import { intradaySession, tickPage } from './market.ticks';
import { assertTickAccess } from './market.visibility';

const DEFAULT_KLINES = 250;

export function marketHandlers(ctx: MarketContext) {
  const { db } = ctx;

  const getDaily: Handler<'getDaily'> = async (req, res) => {
    const { symbols, single } = parseSymbolList(req.query.symbol, 50);
    const { begin_date: begin, end_date: end, adjusted = true, limit } = req.query;
    const fields = wire.parseDailyFields(req.query.fields, adjusted);
    const { dailyCutoff } = await ctx.visibility(res);
    const request = { symbols, begin, end, adjusted, limit };
    await sendCacheable(req, res, ctx.cache, await ctx.cacheKey(req, dailyCutoff, ['daily', request, fields, single]), async () => {
      const series = await dailySeries(db, request, dailyCutoff, (one) => wire.dailySeriesJson(wire.toDailySeries(one, fields)));
      const data = single ? series[0]! : ['[', ...series.flatMap((pieces, i) => (i === 0 ? pieces : [',', ...pieces])), ']'];
      return new JsonText(['{"code":200,"message":"success","data":', ...data, '}']);
    });
  };

  const getLegacyStockPrices: Handler<'getLegacyStockPrices'> = async (req, res) => {
    const request = { symbols: [parseOneSymbol(req.query.symbol)], begin: req.query.start_date, end: req.query.end_date, adjusted: true };
    const { dailyCutoff } = await ctx.visibility(res);
    await sendCacheable(req, res, ctx.cache, await ctx.cacheKey(req, dailyCutoff, ['daily', request, null, true]), async () => {
      const [series] = await dailySeries(db, request, dailyCutoff, (one) => wire.toDailySeries(one, null));
      return ok(series);
    });
  };

  const getKlines: Handler<'getKlines'> = async (req, res) => {
    const interval = canonicalInterval(req.query.interval ?? 'daily')!;
    const { begin_date: begin, end_date: end, adjusted = true, limit = DEFAULT_KLINES } = req.query;
    const visibility = await ctx.visibility(res);
    const [security] = await knownSecurities(db, [parseOneSymbol(req.query.symbol)], visibility.dailyCutoff);
    const request = { security: security!, interval, begin, end, adjusted, limit };
    const key = isMinuteInterval(interval) ? null : await ctx.cacheKey(req, visibility.dailyCutoff, ['klines', { ...request, security: security!.ts_code }]);
    await sendCacheable(req, res, ctx.cache, key, async () => ok(wire.toKlineSeries(await klineSeries(db, request, visibility))));
  };

  const getLegacyIndices: Handler<'getLegacyIndices'> = async (req, res) => {
    const interval = canonicalInterval(req.query.period ?? 'daily')!;
    const visibility = await ctx.visibility(res);
    const [security] = await knownSecurities(db, [parseOneSymbol(req.query.index)], visibility.dailyCutoff);
    if (security!.kind !== 'index') throw new AppError(400, 'invalid_symbol', `Not an index: ${security!.ts_code}`);
    const request = { security: security!, interval, adjusted: false, limit: DEFAULT_KLINES };
    const key = await ctx.cacheKey(req, visibility.dailyCutoff, ['klines', { ...request, security: security!.ts_code }]);
    await sendCacheable(req, res, ctx.cache, key, async () => ok(wire.toKlineSeries(await klineSeries(db, request, visibility))));
  };

  const getAdjustmentFactor: Handler<'getAdjustmentFactor'> = async (req, res) => {
    const { dailyCutoff } = await ctx.visibility(res);
    const [security] = await knownSecurities(db, [parseOneSymbol(req.query.symbol)], dailyCutoff);
    const range = { begin: req.query.begin_date, end: req.query.end_date };
    await sendCacheable(req, res, ctx.cache, await ctx.cacheKey(req, dailyCutoff, ['factors', security!.ts_code, range]), async () =>
      ok(wire.toAdjustmentFactors(security!, await factorHistory(db, security!, range))),
    );
  };

  const getTradingCalendar: Handler<'getTradingCalendar'> = async (req, res) => {
    const { exchange = 'SSE', begin_date: begin, end_date: end, is_open: isOpen } = req.query;
    const days = await tradingCalendar(db, { begin, end, isOpen }, beijingToday());
    await sendCacheable(req, res, ctx.cache, null, async () => ok(days.map((day) => wire.toCalendarDay(day, exchange))));
  };

  const getIntraday: Handler<'getIntraday'> = async (req, res) => {
    const visibility = await ctx.visibility(res);
    const [security] = await knownSecurities(db, [parseOneSymbol(req.query.symbol)], visibility.dailyCutoff);
    res.json(ok(wire.toIntradaySession(security!, await intradaySession(db, security!.ts_code, visibility))));
  };

  const getTrades: Handler<'getTrades'> = async (req, res) => {
    const visibility = await ctx.visibility(res);
    assertTickAccess(visibility);
    const [security] = await knownSecurities(db, [parseOneSymbol(req.query.symbol)], visibility.dailyCutoff);
    const { date, cursor, limit = 100 } = req.query;
    const page = await tickPage(db, { tsCode: security!.ts_code, date, cursor, limit }, visibility, ctx.cursorSecret);
    res.json({ ...ok(page.trades.map(wire.toTrade)), cursor: page.cursor, has_more: page.hasMore });
  };

  return {
    getDaily, getLegacyStockPrices, getKlines, getLegacyIndices, getAdjustmentFactor, getTradingCalendar, getIntraday, getTrades,
  };
}
