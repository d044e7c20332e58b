/**
 * A stock's industry as of a day. Shenwan's 2021 classification (Tushare `index_member_all`, doc 335) gives
 * each stock's membership of a level-3 industry, with its level-1 and level-2 parents, from `in_date` until the
 * day before `out_date` (the out date is the first day outside, as `/v1/industry/constituents` reads it): a
 * stock reclassified answers the industry it was in on the day asked. Where the store holds no Shenwan
 * membership of the stock that day, the stock list's one-level label answers, and says so.
 */
export interface IndustryMembership {
  l1_name: string;
  l2_name: string;
  in_date: string;
  out_date: string | null;
}

export type IndustryClassification = 'sw2021' | 'stock_list';

/** A Shenwan industry an `industry` parameter names: its level, index code and name. */
export interface IndustryMatch {
  level: 1 | 2 | 3;
  code: string;
  name: string;
}

export interface IndustryOn {
  industry: string | null;
  subindustry: string | null;
  industry_classification: IndustryClassification | null;
}

/** The membership in force on `date` (the latest in when rows overlap), else the stock list's label. */
export function industryOn(
  memberships: readonly IndustryMembership[],
  date: string,
  listLabel: string | null,
): IndustryOn {
  let current: IndustryMembership | null = null;
  for (const membership of memberships)
    if (
      membership.in_date <= date &&
      (membership.out_date === null || membership.out_date > date) &&
      (current === null || membership.in_date > current.in_date)
    )
      current = membership;
  if (current !== null)
    return { industry: current.l1_name, subindustry: current.l2_name, industry_classification: 'sw2021' };
  return {
    industry: listLabel,
    subindustry: null,
    industry_classification: listLabel === null ? null : 'stock_list',
  };
}
