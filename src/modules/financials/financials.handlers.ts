import type { Db } from '../../db/connection';
import type { AnswerCache } from '../../http/answers/answerCache';
import { exchangeToday } from '../../domain/time/clock';
import { parseFields } from '../../domain/api/fields';
import { pageWindow, paginationOf } from '../../domain/api/pagination';
import { parseSymbolList } from '../../domain/reference/symbols';
import { ok, okPage } from '../../http/envelope';
import { writeAnswer } from '../../http/answers/answerWriters';
import type { Handler } from '../../http/handler';
import { fundamentalsOf, oneOrAll } from './containers.serializer';
import { reportDates } from './reportDates.service';
import {
  MAX_STATEMENT_SYMBOLS,
  parsePeriodCrossSection,
  parseStatementQuery,
} from '../../domain/statements/statementQuery';
import { periodCrossSectionAnswer } from './periodCrossSection.service';
import { statementContainers, STATEMENTS, type Statement, type StatementList } from './statementKinds.service';
import type { CodeHistory } from '../common/codeHistory.service';

/** Statement answers come from the statements (`financials`) and security names (`reference`). */
export function financialsHandlers(db: Db, codes: CodeHistory, answers: AnswerCache) {
  // The per-symbol routes of the statements: one symbol gives one container, a list an array; all but the income
  // statement's route also answer pagination (as the contract has it).
  // The query and fields are parsed at once (bad ones refused before the cache), the containers read in `send`.
  const perSymbol = <R extends object, L extends StatementList>(
    statement: Statement<R, L>,
    requested: { fields?: string } & Parameters<typeof parseStatementQuery>[0],
  ) => {
    const query = parseStatementQuery(requested);
    const fields = parseFields(requested.fields, statement.fields);
    return async () => {
      const { containers, total } = await statementContainers(statement, { db, codes, query }, fields);
      return { data: oneOrAll(containers, query.single), pagination: paginationOf(query, total) };
    };
  };
  const paged =
    <D>(read: () => Promise<{ data: D; pagination: ReturnType<typeof paginationOf> }>) =>
    async () => {
      const { data, pagination } = await read();
      return { ...ok(data), pagination };
    };
  const getIncomeStatement: Handler<'getIncomeStatement'> = async (req, res) => {
    const read = perSymbol(STATEMENTS.income, req.query);
    await answers.send(req, res, async () => ok((await read()).data));
  };
  const getBalanceSheet: Handler<'getBalanceSheet'> = async (req, res) =>
    answers.send(req, res, paged(perSymbol(STATEMENTS['balance-sheet'], req.query)));
  const getCashFlow: Handler<'getCashFlow'> = async (req, res) =>
    answers.send(req, res, paged(perSymbol(STATEMENTS['cash-flow'], req.query)));
  const getFinancialMetrics: Handler<'getFinancialMetrics'> = async (req, res) =>
    answers.send(req, res, paged(perSymbol(STATEMENTS['financial-metrics'], req.query)));

  const getReportDates: Handler<'getReportDates'> = async (req, res) => {
    const { symbols } = parseSymbolList(req.query.symbol, MAX_STATEMENT_SYMBOLS);
    const window = pageWindow(req.query);
    const end = req.query.end_date ?? exchangeToday();
    const { items, total } = await reportDates(db, codes, { symbols, begin: req.query.begin_date, end, window });
    await writeAnswer(req, res, okPage(items, paginationOf(window, total)));
  };

  const getFundamentals: Handler<'getFundamentals'> = async (req, res) => {
    const { symbols } = parseSymbolList(req.query.symbol, 1);
    const query = parseStatementQuery({ symbol: symbols[0]!, period: 'quarterly', limit: 1 });
    await answers.send(req, res, async () => {
      const { pages } = await STATEMENTS['financial-metrics'].pages(db, codes, query);
      return ok(fundamentalsOf(pages[0]!, req.query.metric));
    });
  };

  const getFinancialCrossSection: Handler<'getFinancialCrossSection'> = async (req, res) => {
    const { statement } = req.query;
    const query = parsePeriodCrossSection(req.query);
    const fields = parseFields(req.query.fields, STATEMENTS[statement].fields as readonly string[]);
    await answers.send(req, res, () => periodCrossSectionAnswer(db, codes, statement, query, fields));
  };

  return {
    getFinancialCrossSection,
    getIncomeStatement,
    getBalanceSheet,
    getCashFlow,
    getFinancialMetrics,
    getReportDates,
    getFundamentals,
  };
}
