import { DISCLOSURE_DATES } from '../domain/tables/eventLayouts';
import { BALANCE_SHEETS, CASH_FLOWS, INCOME_STATEMENTS } from '../domain/tables/statementLayouts';
import { fieldsOf, filtersOf, order, type TushareApi } from '../domain/tables/tushareApi';
import { disclosureDate } from '../loaders/eventTables';
import { statementLoader } from '../loaders/statements';
import { periodsOf, type ApiEntry } from './apiDescriptor';
import { perReportingPeriod } from './syncPlans';

/** The statements: the key columns, every figure the table holds, then update_flag; announcement dates as Tushare filters them. */
function statement(layout: typeof INCOME_STATEMENTS, vip: boolean): TushareApi {
  const by = filtersOf(layout);
  return {
    scope: 'financials',
    layout,
    fields: fieldsOf(layout, ['ts_code', 'ann_date', 'f_ann_date', 'end_date', 'report_type', 'comp_type', 'end_type']),
    statementFigures: true,
    params: {
      ts_code: by.codes('ts_code'),
      ann_date: by.on('ann_date'),
      f_ann_date: by.on('f_ann_date'),
      start_date: by.from('ann_date'),
      end_date: by.to('ann_date'),
      period: by.on('end_date'),
      report_type: by.equals('report_type'),
      comp_type: by.equals('comp_type'),
    },
    requiresOneOf: vip ? ['period', 'ann_date', 'f_ann_date', 'ts_code'] : ['ts_code'],
    order: order(layout, ['ts_code', 'asc'], ['end_date', 'desc'], ['f_ann_date', 'desc']),
    cap: vip ? 10_000 : 8_000,
  };
}

/**
 * A statement's api, whose bundle file and sync part it names, and the whole-market `_vip` api the sync asks
 * period by period (`endpoint`).
 */
const statementOf = (layout: typeof INCOME_STATEMENTS, endpoint: string): ApiEntry => ({
  tushare: statement(layout, false),
  load: statementLoader(layout.table),
  sync: perReportingPeriod('period'),
  endpoint,
  coverage: periodsOf(layout.table),
});

const schedule = filtersOf(DISCLOSURE_DATES);

/** The three statements, their whole-market `_vip` forms, and the dates their reports are due and came. */
export const FINANCIAL_APIS = {
  income: statementOf(INCOME_STATEMENTS, 'income_vip'),
  income_vip: { tushare: statement(INCOME_STATEMENTS, true) },
  balancesheet: statementOf(BALANCE_SHEETS, 'balancesheet_vip'),
  balancesheet_vip: { tushare: statement(BALANCE_SHEETS, true) },
  cashflow: statementOf(CASH_FLOWS, 'cashflow_vip'),
  cashflow_vip: { tushare: statement(CASH_FLOWS, true) },
  // The planned and actual dates of a period's reports (doc 162), asked by period.
  disclosure_date: {
    tushare: {
      scope: 'financials',
      layout: DISCLOSURE_DATES,
      fields: fieldsOf(DISCLOSURE_DATES),
      params: {
        ts_code: schedule.codes('ts_code'),
        end_date: schedule.on('end_date'),
        pre_date: schedule.on('pre_date'),
        actual_date: schedule.on('actual_date'),
        ann_date: schedule.on('ann_date'),
      },
      order: order(DISCLOSURE_DATES, ['end_date', 'desc'], ['ts_code', 'asc']),
      cap: 3_000,
    },
    load: disclosureDate,
    sync: perReportingPeriod('end_date'),
  },
} satisfies Record<string, ApiEntry>;
