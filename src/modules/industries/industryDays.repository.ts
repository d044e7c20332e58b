import type { Db } from '../../db/connection';
import type { IndustryDayRow } from './industries.types';

/**
 * Every industry of `level` (index_classify's rows) by index code, with its index's bar of `date` and the
 * industry's valuation that day: a few hundred primary-key lookups at most. `date` is one the plan sees
 * (crossSectionDay).
 */
export function industryDayRows(db: Db, level: number, date: string): Promise<IndustryDayRow[]> {
  return db('industry_classes as c')
    .leftJoin('daily_bars as b', (on) => on.on('b.ts_code', 'c.index_code').andOnVal('b.trade_date', date))
    .leftJoin('daily_basic as v', (on) => on.on('v.ts_code', 'c.index_code').andOnVal('v.trade_date', date))
    .where('c.level', level)
    .orderBy('c.index_code')
    .select(
      'c.index_code',
      'c.industry_name',
      'c.industry_code',
      'b.open',
      'b.high',
      'b.low',
      'b.close',
      'b.pre_close',
      'b.change',
      'b.pct_chg',
      'b.vol',
      'b.amount',
      'v.pe',
      'v.pb',
      'v.total_mv',
      'v.circ_mv',
    );
}
