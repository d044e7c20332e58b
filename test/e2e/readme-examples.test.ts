import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { useDemoServer } from '../support/demoServer';

const README = new URL('../../README.md', import.meta.url);

/** Every `localhost:8080/...` path of the README to GET, in order, once each (`/mcp` and `/dataapi` are POST only: test/api/mcp.test.ts, tushare.test.ts). */
function readmeExamples(text: string): string[] {
  const paths = [...text.matchAll(/localhost:8080(\/[^\s'"`)<>]*)/g)].map((match) => match[1]!);
  return [...new Set(paths.filter((path) => !path.startsWith('/mcp') && !path.startsWith('/dataapi')))];
}

describe('e2e: every localhost:8080 example of README.md answers 200 on a fresh demo store', function () {
  this.timeout(120_000); // the whole demo store is loaded first (about 50,000 rows)
  const demo = useDemoServer();

  it('finds the examples: reference, daily, klines, intraday, trades, factors, calendar, statements, datasets, /api/v1', () => {
    const paths = readmeExamples(readFileSync(README, 'utf8')).map((path) => path.split('?')[0]);
    for (const route of [
      '/v1/stock/basic-info',
      '/v1/stock/search',
      '/v1/market/daily',
      '/v1/market/klines',
      '/v1/market/intraday',
      '/v1/market/trades',
      '/v1/market/adjustment-factor',
      '/v1/market/trading-calendar',
      '/v1/market/cross-section',
      '/v1/market/valuation',
      '/v1/financials/cross-section',
      '/v1/financials/income-statement',
      '/v1/financials/balance-sheet',
      '/v1/financials/cash-flow',
      '/v1/financials/financial-metrics',
      '/v1/financials/report-dates',
      '/api/v1/stocks/prices',
      '/api/v1/indices',
      '/api/v1/fundamentals',
      '/v1/market/money-flow',
      '/v1/market/margin-detail',
      '/v1/market/margin-summary',
      '/v1/market/northbound-holdings',
      '/v1/market/limit-list',
      '/v1/market/top-list',
      '/v1/market/top-list-seats',
      '/v1/market/block-trades',
      '/v1/stock/top-holders',
      '/v1/stock/top-float-holders',
      '/v1/stock/holder-count',
      '/v1/concept/boards',
      '/v1/concept/constituents',
      '/v1/files',
      '/v1/files/daily/2025.parquet',
    ])
      expect(paths).to.include(route);
  });

  it('each answers 200 with the demo key (and a JSON body with code 200, or the console page)', async () => {
    const failures: string[] = [];
    for (const path of readmeExamples(readFileSync(README, 'utf8'))) {
      const response = await fetch(demo.server.baseUrl + path, { headers: { 'X-API-KEY': demo.key } });
      const body = await response.text();
      const json = response.headers.get('content-type')?.includes('json');
      if (response.status !== 200 || (json && JSON.parse(body).code !== 200))
        failures.push(`${path} → ${response.status} ${body.slice(0, 200)}`);
    }
    expect(failures).to.deep.equal([]);
  });
});
