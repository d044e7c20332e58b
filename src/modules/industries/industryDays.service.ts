import { noData } from '../../domain/api/errors';
import type { Visibility } from '../../domain/time/marketTime';
import type { Db } from '../../db/connection';
import type { TradingCalendar } from '../common/tradingCalendar.service';
import { crossSectionDay } from '../common/dateWindow.service';
import { industryDayRows } from './industryDays.repository';
import type { IndustryDayRow } from './industries.types';

export interface IndustrySources {
  db: Db;
  calendar: TradingCalendar;
}

/** The Shenwan industries of a level on a day (the latest visible one by default), each with its index's bar and valuation. */
export async function industryCrossSection(
  sources: IndustrySources,
  asked: string | undefined,
  level: number,
  visibility: Visibility,
): Promise<{ date: string; rows: IndustryDayRow[] }> {
  const { date } = await crossSectionDay(sources, asked, visibility);
  const rows = await industryDayRows(sources.db, level, date);
  if (rows.length === 0) throw noData(`No Shenwan industry of level ${level} is loaded (index_classify)`);
  return { date, rows };
}
