import type { Knex } from 'knex';
import { isSqlite } from '../../db/connection';

/**
 * daily_bars.turnover (the daily endpoint's `turnover`, percent) is daily_basic's `turnover_rate` of the same
 * stock and day: turnover of all outstanding shares, Tushare's own definition, rather than the free-float
 * rate. Whichever of the two files lands second fills it, so the import order does not matter.
 */
export async function fillTurnover(trx: Knex.Transaction, firstDate: string, lastDate: string): Promise<void> {
  if (isSqlite(trx)) {
    await trx.raw(
      `update daily_bars set turnover = b.turnover_rate from daily_basic b
       where b.ts_code = daily_bars.ts_code and b.trade_date = daily_bars.trade_date
         and b.trade_date between ? and ? and b.turnover_rate is not null
         and (daily_bars.turnover is null or daily_bars.turnover <> b.turnover_rate)`,
      [firstDate, lastDate],
    );
    return;
  }
  await trx.raw(
    `update daily_bars d join daily_basic b on b.ts_code = d.ts_code and b.trade_date = d.trade_date
     set d.turnover = b.turnover_rate
     where b.trade_date between ? and ? and b.turnover_rate is not null
       and (d.turnover is null or d.turnover <> b.turnover_rate)`,
    [firstDate, lastDate],
  );
}
