import type { ConvertibleDayRow, FundDayRow } from './instrumentDays.repository';
import type { ConvertibleCall, ConvertibleTermsRow, PublishedPriceChange } from './convertibleTerms.repository';

/** A convertible's day with the conversion price in force, its conversion value and premium. */
export interface ConvertibleDay extends ConvertibleDayRow {
  conversion_price: number | null;
  conversion_value: number | null;
  conversion_premium: number | null;
}

/** An ETF's day with its NAV of the day as announced by now and the premium over it. */
export interface FundDay extends FundDayRow {
  nav: number | null;
  nav_ann_date: string | null;
  nav_premium: number | null;
}

/** A convertible's terms as known on a day: the conversion price then in force, the changes and calls published by then. */
export interface ConvertibleTermsAnswer {
  terms: ConvertibleTermsRow;
  changes: PublishedPriceChange[];
  calls: ConvertibleCall[];
  conversionPrice: number | null;
}
