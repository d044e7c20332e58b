import { parseSymbolList } from '../../domain/symbols';
import { ok } from '../../http/envelope';
import type { Handler } from '../../http/handler';
import { sendCacheable } from '../../http/responseCache';
import type { MarketContext } from './market.context';
import { parseDailyFields, toDailySeries } from './market.serializer';
import { dailySeries } from './market.service';

export function marketHandlers(ctx: MarketContext) {
  const { db } = ctx;

  const getDaily: Handler<'getDaily'> = async (req, res) => {
    const { symbols, single } = parseSymbolList(req.query.symbol, 50);
    const { begin_date: begin, end_date: end, adjusted = true, limit } = req.query;
    const fields = parseDailyFields(req.query.fields, adjusted);
    const { dailyCutoff } = await ctx.visibility(res);
    const request = { symbols, begin, end, adjusted, limit };
    const key = await ctx.cacheKey('market', dailyCutoff, ['daily', request, fields, single]);
    await sendCacheable(req, res, ctx.cache, key, async () => {
      const series = (await dailySeries(db, request, dailyCutoff)).map((one) => toDailySeries(one, fields));
      return ok(single ? series[0] : series);
    });
  };

  return { getDaily };
}
