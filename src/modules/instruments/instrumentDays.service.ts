import { conversionPriceOn, conversionValue, premiumPercent } from '../../domain/market/instrumentValues';
import { invalidSymbol, noData } from '../../domain/api/errors';
import { exchangeToday } from '../../domain/time/clock';
import type { Visibility } from '../../domain/time/marketTime';
import type { Db } from '../../db/connection';
import type { TradingCalendar } from '../common/tradingCalendar.service';
import { crossSectionDay } from '../common/dateWindow.service';
import { announcedCalls, convertibleTermsRow, publishedPriceChanges } from './convertibleTerms.repository';
import { conversionPriceChanges, convertibleDayRows, fundDayRows, navsOfDay } from './instrumentDays.repository';
import type { ConvertibleDay, ConvertibleTermsAnswer, FundDay } from './instruments.types';

export interface InstrumentSources {
  db: Db;
  calendar: TradingCalendar;
}

/**
 * The convertibles traded on a day (the latest visible one by default) with the conversion price in force that
 * day, their conversion value over the underlying's close of the same day and their conversion premium.
 */
export async function convertibleCrossSection(
  sources: InstrumentSources,
  asked: string | undefined,
  visibility: Visibility,
): Promise<{ date: string; rows: ConvertibleDay[] }> {
  const { date } = await crossSectionDay(sources, asked, visibility);
  const rows = await convertibleDayRows(sources.db, date, visibility.dailyThrough);
  if (rows.length === 0) throw noData(`No convertible traded on ${date}`);
  const changes = await conversionPriceChanges(
    sources.db,
    rows.map((row) => row.ts_code),
  );
  return {
    date,
    rows: rows.map((row) => {
      const price = conversionPriceOn(date, row.first_conv_price, changes.get(row.ts_code) ?? []);
      const value = conversionValue(row.stk_close, price);
      return {
        ...row,
        conversion_price: price,
        conversion_value: value,
        conversion_premium: premiumPercent(row.close, value),
      };
    }),
  };
}

/** The ETFs traded on a day (the latest visible one by default) with the NAV of that day announced by now and their premium over it. */
export async function fundCrossSection(
  sources: InstrumentSources,
  asked: string | undefined,
  visibility: Visibility,
): Promise<{ date: string; rows: FundDay[] }> {
  const { date } = await crossSectionDay(sources, asked, visibility);
  const [rows, navs] = await Promise.all([
    fundDayRows(sources.db, date, visibility.dailyThrough),
    navsOfDay(sources.db, date, exchangeToday()),
  ]);
  if (rows.length === 0) throw noData(`No ETF traded on ${date}`);
  return {
    date,
    rows: rows.map((row) => {
      const nav = navs.get(row.ts_code);
      const unitNav = nav?.unit_nav ?? null;
      return {
        ...row,
        nav: unitNav,
        nav_ann_date: nav?.ann_date ?? null,
        nav_premium: premiumPercent(row.close, unitNav),
      };
    }),
  };
}

/**
 * A convertible's terms as known on `asOf`: the conversion price in force that day, the changes and the call
 * announcements published by then; a code the store holds no convertible of is an invalid symbol.
 */
export async function convertibleTerms(db: Db, code: string, asOf: string): Promise<ConvertibleTermsAnswer> {
  const [terms, changes, calls] = await Promise.all([
    convertibleTermsRow(db, code),
    publishedPriceChanges(db, code, asOf),
    announcedCalls(db, code, asOf),
  ]);
  if (terms === undefined) throw invalidSymbol(`Not a convertible bond in the store: ${code}`);
  return { terms, changes, calls, conversionPrice: conversionPriceOn(asOf, terms.first_conv_price, changes) };
}
