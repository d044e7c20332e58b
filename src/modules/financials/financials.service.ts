import type { Db } from '../../db/connection';
import { groupBy } from '../../domain/api/collections';
import { noData } from '../../domain/api/errors';
import {
  listedPeriods,
  pageOfPeriods,
  periodsNeeded,
  previousYearEnd,
  yearEarlier,
  type PeriodKind,
} from '../../domain/statements/reportPeriods';
import { currentVersions } from '../../domain/statements/statementVersions';
import type { Figures } from '../../domain/statements/ttm';
import type { CodeHistory } from '../common/codeHistory.service';
import { resolveSecurities } from '../common/securityResolution.service';
import {
  securityNames,
  statementPeriods,
  statementRows,
  type StatementRow,
  type StatementTable,
} from './financials.repository';
import type { StatementSet } from './statementFigures.service';
import type { StatementQuery } from '../../domain/statements/statementQuery';
import type { Pages } from './financials.types';

interface Shown {
  shown: Map<string, string[]>;
  total: number;
}

/** The periods of each symbol listed under the query's kind and range, and the page of them to show. */
async function shownPeriods(db: Db, table: StatementTable, query: StatementQuery): Promise<Shown> {
  if (query.periodKnown) return { shown: new Map(query.symbols.map((symbol) => [symbol, [query.end]])), total: 1 };
  const filter = {
    codes: query.symbols,
    reportType: query.reportType,
    from: query.begin,
    to: query.end,
    asOf: query.asOf,
  };
  const byCode = new Map<string, string[]>(query.symbols.map((symbol) => [symbol, []]));
  for (const row of await statementPeriods(db, table, filter)) byCode.get(row.ts_code)?.push(row.end_date);
  const shown = new Map<string, string[]>();
  let total = 0;
  for (const [symbol, endDates] of byCode) {
    const listed = listedPeriods(endDates, query.kind, query);
    total = Math.max(total, listed.length);
    shown.set(symbol, pageOfPeriods(listed, query));
  }
  return { shown, total };
}

/** The current figures (as of the query's point in time) of every period the shown ones depend on, per symbol. */
async function figuresBySymbol(
  db: Db,
  table: StatementTable,
  reader: FigureReader,
  query: StatementQuery,
  shown: Map<string, string[]>,
  needed: (shown: string[]) => string[],
): Promise<Map<string, Map<string, Figures>>> {
  const codes = [...shown].filter(([, dates]) => dates.length > 0).map(([symbol]) => symbol);
  const result = new Map<string, Map<string, Figures>>(codes.map((code) => [code, new Map()]));
  const endDates = needed([...new Set([...shown.values()].flat())]);
  if (endDates.length === 0) return result;
  const filter = { codes, reportType: query.reportType, endDates, asOf: query.asOf };
  const rows = await statementRows(db, table, filter, reader.columns);
  const rowsByCode = groupBy(rows, (row) => row.ts_code);
  for (const [code, figures] of result) {
    for (const [endDate, row] of currentVersions(rowsByCode.get(code) ?? [], query.asOf))
      figures.set(endDate, reader.toFigures(row));
  }
  return result;
}

interface OnCurrentCodes {
  current: StatementQuery;
  names: ReadonlyMap<string, string>;
  requested: ReadonlyMap<string, string>;
}

/**
 * The query on the securities answering its symbols (old codes followed), their names, and the old code requested
 * for each; a query that names its symbols is on current codes already.
 */
async function onCurrentCodes(db: Db, codes: CodeHistory, query: StatementQuery): Promise<OnCurrentCodes> {
  if (query.names !== undefined) return { current: query, names: query.names, requested: new Map() };
  const securities = await resolveSecurities(codes, query.symbols, (current) => securityNames(db, current));
  const names = new Map(securities.map(({ row }) => [row.ts_code, row.name]));
  const requested = new Map(
    securities.flatMap(({ row, requested }) =>
      requested.requested_symbol ? [[row.ts_code, requested.requested_symbol] as const] : [],
    ),
  );
  return { current: { ...query, symbols: [...names.keys()] }, names, requested };
}

function assemble<R>(
  names: ReadonlyMap<string, string>,
  shown: Shown,
  requested: ReadonlyMap<string, string>,
  record: (symbol: string, endDate: string) => R,
): Pages<R> {
  if (shown.total === 0) throw noData('No reporting period of the requested symbols in the requested range');
  const pages = [...shown.shown].map(([symbol, endDates]) => ({
    symbol,
    ...(requested.has(symbol) ? { requested_symbol: requested.get(symbol)! } : {}),
    name: names.get(symbol)!,
    records: endDates.map((endDate) => record(symbol, endDate)),
  }));
  return { pages, total: shown.total };
}

/** The columns a statement's figures are read from, and how. */
export interface FigureReader {
  columns: readonly string[];
  toFigures(row: StatementRow): Figures;
}

export interface StatementKind<R> {
  table: StatementTable;
  reader: FigureReader;
  /** Years before the oldest period shown that its record depends on, by period kind. */
  yearsBack: Readonly<Record<PeriodKind, number>>;
  toRecord(byEnd: ReadonlyMap<string, Figures>, endDate: string, kind: PeriodKind): R;
}

/** A page of one statement's records for each requested symbol; 404 no_data when no symbol has a period in range. */
export async function statementPages<R>(
  db: Db,
  codes: CodeHistory,
  requestedQuery: StatementQuery,
  statement: StatementKind<R>,
): Promise<Pages<R>> {
  const { current: query, names, requested } = await onCurrentCodes(db, codes, requestedQuery);
  const shown = await shownPeriods(db, statement.table, query);
  const yearsBack = statement.yearsBack[query.kind];
  const figures = await figuresBySymbol(db, statement.table, statement.reader, query, shown.shown, (dates) =>
    periodsNeeded(dates, yearsBack),
  );
  return assemble(names, shown, requested, (symbol, endDate) =>
    statement.toRecord(figures.get(symbol)!, endDate, query.kind),
  );
}

export type FigureReaders = Record<keyof StatementSet, FigureReader>;

const TABLES: Record<keyof StatementSet, StatementTable> = {
  income: 'income_statements',
  balance: 'balance_sheets',
  cashFlow: 'cash_flows',
};

const withEarlier = (shown: string[], earlier: (endDate: string) => string) => [
  ...new Set([...shown, ...shown.map(earlier)]),
];

/**
 * The periods metrics read of each statement: income of the kind and a year earlier (growth; a TTM's parts
 * two years back), balances at the period end and at the opening of its flows (the previous year end, or for
 * TTM the period a year earlier), a TTM cash flow's parts. Exactly these: a year of every period read twice
 * as many rows for a whole market.
 */
const METRIC_PERIODS: Record<keyof StatementSet, (shown: string[], kind: PeriodKind) => string[]> = {
  income: (shown, kind) => (kind === 'ttm' ? periodsNeeded(shown, 2) : withEarlier(shown, yearEarlier)),
  balance: (shown, kind) => withEarlier(shown, kind === 'ttm' ? yearEarlier : previousYearEnd),
  cashFlow: (shown, kind) => periodsNeeded(shown, kind === 'ttm' ? 1 : 0),
};

/** Pages of records built from all three statements; the periods listed are the income statement's. */
export async function tripleStatementPages<R>(
  db: Db,
  codes: CodeHistory,
  requestedQuery: StatementQuery,
  readers: FigureReaders,
  toRecord: (set: StatementSet, endDate: string, kind: PeriodKind) => R,
): Promise<Pages<R>> {
  const { current: query, names, requested } = await onCurrentCodes(db, codes, requestedQuery);
  const shown = await shownPeriods(db, TABLES.income, query);
  const load = (statement: keyof StatementSet) =>
    figuresBySymbol(db, TABLES[statement], readers[statement], query, shown.shown, (dates) =>
      METRIC_PERIODS[statement](dates, query.kind),
    );
  const [income, balance, cashFlow] = await Promise.all([load('income'), load('balance'), load('cashFlow')]);
  return assemble(names, shown, requested, (symbol, endDate) =>
    toRecord(
      { income: income.get(symbol)!, balance: balance.get(symbol)!, cashFlow: cashFlow.get(symbol)! },
      endDate,
      query.kind,
    ),
  );
}
