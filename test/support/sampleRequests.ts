import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import type { DatasetDescriptor } from '../../src/domain/tables/datasetDescriptor';
import { DATASET_DESCRIPTORS } from '../../src/domain/tables/datasetDescriptors';
import { importBundle } from '../../src/ingest/bundle';
import { runAudit } from '../../src/audit/runAudit';
import { TUSHARE_APIS } from '../../src/catalogue/apiCatalogue';
import { operations } from './contract';
import { loadAllFinancials } from './financialFixtures';
import { loadIndustryIndexFixture, loadMarket2024, loadSessionFixture } from './marketData';
import { loadReferenceFixtures } from './referenceData';

type Route = NonNullable<DatasetDescriptor['route']>;

/**
 * A dataset route's request for its descriptor's example: a session dataset's over `window` (`begin_date`,
 * `end_date`), an announced one's as the example says.
 */
export function datasetRequest(route: Route, window: Record<string, string>): string {
  const path = operations().find((op) => op.operationId === route.operationId)!.path;
  return `${path}?${new URLSearchParams({ ...route.example, ...(route.by === 'session' ? window : {}) })}`;
}

/**
 * A dataset's example as a Tushare call's parameters: the symbol as `ts_code`, each own parameter under the
 * name Tushare gives the same column, dates compact; the day (`trade_date`) when the api needs one.
 */
export function tushareExampleOf({ route, tushare }: DatasetDescriptor, day = '20241231'): Record<string, string> {
  if (!route || !tushare) return {};
  const params: Record<string, string> = {};
  const columnOf = (param: string) =>
    param === 'symbol'
      ? 'ts_code'
      : route.by === 'session'
        ? route.filters?.[param]
        : param === route.wire
          ? route.date
          : undefined;
  for (const [param, value] of Object.entries(route.example)) {
    const column = columnOf(param);
    const name = Object.entries(tushare.params).find(
      ([, filter]) => filter.column === column && (filter.op === 'eq' || filter.op === 'in'),
    )?.[0];
    if (name) params[name] = value.replaceAll('-', '');
  }
  const required = tushare.requiresOneOf ?? [];
  return required.length > 0 && !required.some((name) => name in params) ? { ...params, trade_date: day } : params;
}

/** One request per /v1 data operation, each answering several rows on the shared fixture. */
export const SAMPLE_REQUESTS: Record<string, string> = {
  getBasicInfo: '/v1/stock/basic-info?symbol=000001,600519',
  searchStocks: '/v1/stock/search?keyword=60&limit=20',
  getStockList: '/v1/stock/list?date=2018-06-01&exchange=SZSE&limit=5&page=2',
  getListingStatus: '/v1/stock/listing-status?symbol=000001',
  getCodeChanges: '/v1/stock/code-change?begin_date=2010-01-01',
  getIndexConstituents: '/v1/indices/constituents?index=399300.SZ&date=2023-12-15&limit=5&page=2',
  getIndustryConstituents: '/v1/industry/constituents?industry=%E7%99%BD%E9%85%92&limit=3',
  getDividends: '/v1/events/dividends?symbol=600519,000003.SZ',
  getAnnouncements: '/v1/events/announcements?symbol=600519&limit=2&page=2',
  getDaily: '/v1/market/daily?symbol=600000,000001,000003&begin_date=2024-12-01&end_date=2024-12-31',
  getKlines: '/v1/market/klines?symbol=000001&interval=weekly&begin_date=2024-06-01&end_date=2024-12-31',
  getIntraday: '/v1/market/intraday?symbol=000001',
  getTrades: '/v1/market/trades?symbol=000001&limit=10',
  getSnapshots: '/v1/market/snapshots?symbol=000001&date=2024-12-31&limit=2',
  getSnapshotMinutes: '/v1/market/snapshots/minutes?symbol=000001&date=2024-12-31',
  getAdjustmentFactor: '/v1/market/adjustment-factor?symbol=000001&begin_date=2024-01-01&end_date=2024-12-31',
  getTradingCalendar: '/v1/market/trading-calendar?begin_date=2024-12-01&end_date=2024-12-31',
  getMarketCrossSection: '/v1/market/cross-section?date=2024-12-31',
  // 五粮液's third up limit in a row (the real bars of 2024).
  getLimitLadder: '/v1/market/limit-ladder?date=2024-09-30',
  getFundCrossSection: '/v1/fund/cross-section?date=2024-12-31',
  getIndustryCrossSection: '/v1/industry/cross-section?date=2024-12-31',
  getConvertibleCrossSection: '/v1/convertible/cross-section?date=2024-12-31',
  getConvertibleTerms: '/v1/convertible/terms?symbol=113050.SH',
  getValuation: '/v1/market/valuation?symbol=000001,000333&begin_date=2024-12-01&end_date=2024-12-31',
  getIncomeStatement: '/v1/financials/income-statement?symbol=600519&period=quarterly',
  getBalanceSheet: '/v1/financials/balance-sheet?symbol=000333.SZ',
  getCashFlow: '/v1/financials/cash-flow?symbol=000333.SZ',
  getFinancialMetrics: '/v1/financials/financial-metrics?symbol=000333.SZ',
  getFinancialCrossSection: '/v1/financials/cross-section?statement=income&report_date=2022-09-30&limit=1&page=1',
  getReportDates: '/v1/financials/report-dates?symbol=600519',
  getConceptBoards: '/v1/concept/boards?type=N',
  getConceptConstituents: '/v1/concept/constituents?board=885800.TI&include_past=true',
  getDataCoverage: '/v1/data/coverage?symbol=000001',
  getDataQuality: '/v1/data/quality?status=all',
  ...Object.fromEntries(
    DATASET_DESCRIPTORS.flatMap(({ route }) =>
      route ? [[route.operationId, datasetRequest(route, { begin_date: '2024-12-01', end_date: '2024-12-31' })]] : [],
    ),
  ),
};

/**
 * A request of each table route that can answer no rows, answering none on the shared fixture (a window
 * before its data, a security without any): an empty answer must still say its columns and their types in
 * every form. The other table routes answer one record always, or 404 `no_data` for a window without rows.
 */
export const EMPTY_REQUESTS: Record<string, string> = {
  searchStocks: '/v1/stock/search?keyword=zzzz',
  getStockList: '/v1/stock/list?date=1985-06-03',
  getCodeChanges: '/v1/stock/code-change?symbol=600519',
  getDividends: '/v1/events/dividends?symbol=600000,000333.SZ',
  getAnnouncements: '/v1/events/announcements?symbol=000333',
  getDataQuality: '/v1/data/quality?symbol=600519',
};

/** The datasets' fixture bundle (synthetic rows in Tushare's layouts, test/fixtures/datasets/README.md). */
export const DATASET_FIXTURES = fileURLToPath(new URL('../fixtures/datasets/', import.meta.url));

/**
 * The rows of a fixture bundle's file (`<api_name>.csv`) as Tushare answers them: the api's number fields as
 * numbers, the rest (dates, codes, names) as text, empty cells as null.
 */
export function csvItems(file: string): { fields: string[]; items: (string | number | null)[][] } {
  const [header, ...lines] = readFileSync(join(DATASET_FIXTURES, file), 'utf8').trim().split('\n');
  const fields = header!.split(',');
  const { fields: sources } = TUSHARE_APIS[file.replace(/\.csv$/, '')]!;
  const numeric = fields.map((field) => ['number', 'integer'].includes(sources[field]?.kind ?? 'text'));
  return {
    fields,
    items: lines.map((line) =>
      line.split(',').map((cell, i) => (cell === '' ? null : numeric[i] ? Number(cell) : cell)),
    ),
  };
}

/**
 * What the sample requests read, on the shared fixture: market 2024, a session, statements, reference, the
 * datasets' bundle and a day's valuations. Not the Shenwan classification: the reference tests read the shared store without it first.
 */
export async function loadSampleData(db: Knex): Promise<void> {
  await loadMarket2024(db);
  await loadSessionFixture(db);
  await loadIndustryIndexFixture(db);
  await loadAllFinancials(db);
  await loadReferenceFixtures(db);
  await importBundle(db, DATASET_FIXTURES);
  const valuation = { trade_date: '2024-12-31', pe: 5.1, pb: 0.6, total_share: 19405918198, total_mv: 221227467457 };
  await db('daily_basic')
    .insert([
      { ts_code: '000001.SZ', ...valuation },
      { ts_code: '000333.SZ', ...valuation, pe: null },
    ])
    .onConflict(['ts_code', 'trade_date'])
    .ignore();
  // The audit of all that, as an import runs it: the findings /v1/data/quality answers.
  await runAudit(db, { now: new Date('2025-01-02T09:00:00Z') });
}
