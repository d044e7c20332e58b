import { BALANCE_READER, toBalanceRecord } from './balanceSheet.service';
import { CASH_FLOW_READER, toCashFlowRecord } from './cashFlow.service';
import type { FigureReaders } from './financials.service';
import { INCOME_READER, toIncomeRecord } from './incomeStatement.service';

/** Each statement: its table, how its figures are read, how a record is made, and how many years back it looks. */
/** Growth looks one year back; a TTM needs one more year of reports; quarterly figures stand alone. */
export const INCOME = {
  table: 'income_statements', reader: INCOME_READER, toRecord: toIncomeRecord, yearsBack: { annual: 1, quarterly: 0, ttm: 2 },
} as const;
export const BALANCE = {
  table: 'balance_sheets', reader: BALANCE_READER, toRecord: toBalanceRecord, yearsBack: { annual: 0, quarterly: 0, ttm: 0 },
} as const;
export const CASH_FLOW = {
  table: 'cash_flows', reader: CASH_FLOW_READER, toRecord: toCashFlowRecord, yearsBack: { annual: 0, quarterly: 0, ttm: 1 },
} as const;
export const READERS: FigureReaders = { income: INCOME_READER, balance: BALANCE_READER, cashFlow: CASH_FLOW_READER };
