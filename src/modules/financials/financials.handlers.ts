import type { components } from '../../../generated/api';
import type { Db } from '../../db/connection';
import type { AnswerCache } from '../../http/answerCache';
import { exchangeToday } from '../../domain/clock';
import { parseFields } from '../../domain/fields';
import { pageWindow, paginationOf } from '../../domain/pagination';
import { parseSymbolList } from '../../domain/symbols';
import { ok, okPage } from '../../http/envelope';
import type { Handler } from '../../http/handler';
import { BALANCE_FIELDS } from './balanceSheet.service';
import { CASH_FLOW_FIELDS } from './cashFlow.service';
import { containersOf, fundamentalsOf } from './containers.serializer';
import { statementPages, tripleStatementPages } from './financials.service';
import { BALANCE, CASH_FLOW, INCOME, READERS } from './statementKinds.service';
import { INCOME_FIELDS } from './incomeStatement.service';
import { METRICS_FIELDS, toMetricsRecord } from './financialMetrics.service';
import { reportDates } from './reportDates.service';
import type { SymbolPage } from './financials.types';
import { MAX_STATEMENT_SYMBOLS, parsePeriodCrossSection, parseStatementQuery } from '../../domain/statementQuery';
import { CROSS_SECTION_STATEMENTS, periodCrossSection } from './periodCrossSection.service';
import type { CodeHistory } from '../common/codeHistory.service';

/** The containers of the per-symbol routes; which one (so its list's key) is the request's `statement`, known at run time. */
type FinancialCrossSection = components['schemas']['FinancialCrossSectionResponse'];

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

  const getFinancialCrossSection: Handler<'getFinancialCrossSection'> = async (req, res) => {
    const query = parsePeriodCrossSection(req.query);
    const { list, fields } = CROSS_SECTION_STATEMENTS[req.query.statement];
    const chosen = parseFields(req.query.fields, fields);
    await answers.send(req, res, async () => {
      const { pages, total } = await periodCrossSection(db, codes, req.query.statement, query);
      return { ...ok(containersOf(pages as SymbolPage<Record<string, unknown>>[], list, chosen, false)), pagination: paginationOf(query.window, total) } as unknown as FinancialCrossSection;
    });
  };

  return { getFinancialCrossSection, getIncomeStatement, getBalanceSheet, getCashFlow, getFinancialMetrics, getReportDates, getFundamentals };
}
