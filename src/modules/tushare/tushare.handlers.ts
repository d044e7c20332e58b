import type { Db } from '../../db/connection';
import { parseTushareCall } from '../../domain/tables/tushareCall';
import type { Handler } from '../../http/handler';
import type { TradingCalendar } from '../common/tradingCalendar.service';
import type { CodeHistory } from '../common/codeHistory.service';
import type { PlanVisibility } from '../subscriptions/planVisibility.service';
import { tushareQuery } from './tushare.service';

/** Tushare's answer: code 0 and the data (failures: src/domain/tables/tushareCodes.ts, from the one error handler). */
export function tushareHandlers(db: Db, calendar: TradingCalendar, planVisibility: PlanVisibility, codes: CodeHistory) {
  const answer = async (
    apiName: string | undefined,
    body: Parameters<typeof parseTushareCall>[1],
    res: Parameters<Handler<'queryTushareApi'>>[1],
  ) => {
    const { scopes, planId } = res.locals.keyOwner!;
    const data = await tushareQuery(
      db,
      calendar,
      parseTushareCall(apiName, body),
      { scopes, visibility: await planVisibility.of(planId) },
      codes,
    );
    res.json({ request_id: res.locals.requestId, code: 0, msg: '', data });
  };
  const queryTushareApi: Handler<'queryTushareApi'> = (req, res) => answer(req.params.api_name, req.body, res);
  const queryTushare: Handler<'queryTushare'> = (req, res) => answer(req.body.api_name, req.body, res);
  return { queryTushareApi, queryTushare };
}
