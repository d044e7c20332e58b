import type { Db } from '../../db/connection';
import type { AnswerCache } from '../../http/answerCache';
import { exchangeToday } from '../../domain/clock';
import { parseFields } from '../../domain/fields';
import { pageWindow, paginationOf } from '../../domain/pagination';
import { parseSymbolList } from '../../domain/symbols';
import { ok, okPage } from '../../http/envelope';
import type { Handler } from '../../http/handler';
import { BALANCE_FIELDS, BALANCE_READER, toBalanceRecord } from './balanceSheet.serializer';
import { CASH_FLOW_FIELDS, CASH_FLOW_READER, toCashFlowRecord } from './cashFlow.serializer';
import { containersOf, fundamentalsOf } from './containers.serializer';
import { statementPages, tripleStatementPages, type FigureReaders } from './financials.service';
import { INCOME_FIELDS, INCOME_READER, toIncomeRecord } from './income.serializer';
import { METRICS_FIELDS, toMetricsRecord } from './metrics.serializer';
import { reportDates } from './reportDates.service';
import { MAX_STATEMENT_SYMBOLS, parseStatementQuery } from './statementQuery.service';
import type { CodeHistory } from '../shared/codeHistory.service';

/** Growth looks one year back; a TTM needs one more year of reports; quarterly figures stand alone. */
const INCOME = {
  table: 'income_statements', reader: INCOME_READER, toRecord: toIncomeRecord, yearsBack: { annual: 1, quarterly: 0, ttm: 2 },
} as const;
const BALANCE = {
  table: 'balance_sheets', reader: BALANCE_READER, toRecord: toBalanceRecord, yearsBack: { annual: 0, quarterly: 0, ttm: 0 },
} as const;
const CASH_FLOW = {
  table: 'cash_flows', reader: CASH_FLOW_READER, toRecord: toCashFlowRecord, yearsBack: { annual: 0, quarterly: 0, ttm: 1 },
} as const;
const READERS: FigureReaders = { income: INCOME_READER, balance: BALANCE_READER, cashFlow: CASH_FLOW_READER };

/** Statement answers come from the statements (`financials`) and security names (`reference`). */
export function financialsHandlers(db: Db, codes: CodeHistory, answers: AnswerCache) {
  const getIncomeStatement: Handler<'getIncomeStatement'> = async (req, res) => {
    const query = parseStatementQuery(req.query);
    const fields = parseFields(req.query.fields, INCOME_FIELDS);
    await answers.send(req, res, async () => {
      const { pages } = await statementPages(db, codes, query, INCOME);
      return ok(containersOf(pages, 'income_statements', fields, query.single));
    });
  };

  const getBalanceSheet: Handler<'getBalanceSheet'> = async (req, res) => {
    const query = parseStatementQuery(req.query);
    const fields = parseFields(req.query.fields, BALANCE_FIELDS);
    await answers.send(req, res, async () => {
      const { pages, total } = await statementPages(db, codes, query, BALANCE);
      return { ...ok(containersOf(pages, 'balance_sheets', fields, query.single)), pagination: paginationOf(query, total) };
    });
  };

  const getCashFlow: Handler<'getCashFlow'> = async (req, res) => {
    const query = parseStatementQuery(req.query);
    const fields = parseFields(req.query.fields, CASH_FLOW_FIELDS);
    await answers.send(req, res, async () => {
      const { pages, total } = await statementPages(db, codes, query, CASH_FLOW);
      return { ...ok(containersOf(pages, 'cash_flows', fields, query.single)), pagination: paginationOf(query, total) };
    });
  };

  const getFinancialMetrics: Handler<'getFinancialMetrics'> = async (req, res) => {
    const query = parseStatementQuery(req.query);
    const fields = parseFields(req.query.fields, METRICS_FIELDS);
    await answers.send(req, res, async () => {
      const { pages, total } = await tripleStatementPages(db, codes, query, READERS, toMetricsRecord);
      return { ...ok(containersOf(pages, 'financial_metrics', fields, query.single)), pagination: paginationOf(query, total) };
    });
  };

  const getReportDates: Handler<'getReportDates'> = async (req, res) => {
    const { symbols } = parseSymbolList(req.query.symbol, MAX_STATEMENT_SYMBOLS);
    const window = pageWindow(req.query);
    const end = req.query.end_date ?? exchangeToday();
    const { items, total } = await reportDates(db, codes, { symbols, begin: req.query.begin_date, end, window });
    res.json(okPage(items, paginationOf(window, total)));
  };

  const getFundamentals: Handler<'getFundamentals'> = async (req, res) => {
    const { symbols } = parseSymbolList(req.query.symbol, 1);
    const query = parseStatementQuery({ symbol: symbols[0]!, period: 'quarterly', limit: 1 });
    await answers.send(req, res, async () => {
      const { pages } = await tripleStatementPages(db, codes, query, READERS, toMetricsRecord);
      return ok(fundamentalsOf(pages[0]!, req.query.metric));
    });
  };

  return { getIncomeStatement, getBalanceSheet, getCashFlow, getFinancialMetrics, getReportDates, getFundamentals };
}
