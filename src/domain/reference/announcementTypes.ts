/**
 * Announcement types from the title (Tushare `anns_d` has no type column). The rules are tried in order and
 * the first match decides, so "2023年半年度报告" is semi-annual before the annual rule sees "年度报告", and
 * "关于召开2023年年度股东大会的通知" is a shareholder meeting (it has no "报告"). Titles that match none
 * are `other`. The contract's `type` parameter documents the same table.
 */
export const ANNOUNCEMENT_TYPES = [
  'semi_annual_report',
  'annual_report',
  'quarterly_report',
  'dividend',
  'shareholder_meeting',
  'major_restructuring',
  'suspension_resumption',
  'other',
] as const;

export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

const RULES: ReadonlyArray<[AnnouncementType, RegExp]> = [
  ['semi_annual_report', /半年度报告|半年报|中期报告/],
  ['annual_report', /年度报告|年报/],
  ['quarterly_report', /季度报告|季报/],
  ['dividend', /利润分配|权益分派|分红|派息|送股|转增/],
  ['shareholder_meeting', /股东大会|股东会/],
  ['major_restructuring', /重大资产重组|重大资产购买|重大资产出售|重大资产置换|发行股份购买资产|吸收合并/],
  ['suspension_resumption', /停牌|复牌/],
];

export function classifyAnnouncement(title: string): AnnouncementType {
  return RULES.find(([, pattern]) => pattern.test(title))?.[0] ?? 'other';
}
