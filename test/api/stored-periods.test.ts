import { expect } from 'chai';
import { dataVersion } from '../../src/db/dataVersions';
import { storedPeriodRecords, storePeriodRecords } from '../../src/db/storedPeriods';
import { rowRecords } from '../../src/ingest/csvRecords';
import { loadRecords } from '../../src/ingest/loadTable';
import { statementLoader } from '../../src/loaders/statements';
import { M, seedStatementCompanies } from '../support/financialFixtures';
import { useKeyedServer } from '../support/server';

const PERIOD = '2022-09-30';
const STATEMENTS = ['income', 'balance-sheet', 'cash-flow', 'financial-metrics'] as const;

/** income.csv's row of the synthetic 000333.SZ for a period, as Tushare writes it (dates without dashes). */
const incomeRow = (endDate: string, announced: string, revenue: number) => ({
  ts_code: '000333.SZ',
  ann_date: announced,
  f_ann_date: announced,
  end_date: endDate.replaceAll('-', ''),
  report_type: '1',
  comp_type: '1',
  update_flag: '1',
  revenue: String(revenue),
  n_income: String(20 * M),
});

describe('stored periods: a whole period of a statement read once is kept, forgotten by the loads that change it', () => {
  // The answer cache off: every read is the service's.
  const store = useKeyedServer(seedStatementCompanies, 'professional', { answerCache: { enabled: false } });
  const text = (path: string) => store.text(path);
  const rows = (endDate = PERIOD) => store.db('stored_periods').where({ end_date: endDate }).select('statement');
  /** The stored period (in a layout other than `replaced`), once the read that stores it (after its answer) has. */
  async function stored(statement: string, endDate = PERIOD, replaced?: string) {
    for (let tries = 0; tries < 200; tries++) {
      const found = await store.db('stored_periods').where({ statement, end_date: endDate }).first('layout');
      if (found !== undefined && found.layout !== replaced) {
        const records = await storedPeriodRecords(store.db, { statement, reportType: 1, endDate }, found.layout);
        if (records !== null) return { layout: found.layout as string, records };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${statement} ${endDate} was never stored`);
  }
  const revenues = async (query = '') =>
    JSON.parse(
      await text(`/v1/financials/cross-section?statement=income&report_date=${PERIOD}&fields=revenue${query}`),
    ).data.map((entry: { symbol: string; income_statements: { revenue: number }[] }) => [
      entry.symbol,
      entry.income_statements[0]!.revenue,
    ]);

  beforeEach(() => store.db('stored_periods').del());

  it('every statement answers the same bytes read from the tables and from its stored period, whole, in fields, by page', async () => {
    for (const statement of STATEMENTS) {
      const base = `/v1/financials/cross-section?statement=${statement}&report_date=${PERIOD}`;
      const paths = [base, `${base}&fields=report_name,report_date`, `${base}&limit=1&page=2`, `${base}&format=csv`];
      await store.db('stored_periods').del();
      const built = [];
      for (const path of paths) {
        built.push(await text(path));
        // A whole period's read is kept after its answer: waited for, then forgotten, so that each is built.
        if (!path.includes('limit=')) await stored(statement);
        await store.db('stored_periods').del();
      }
      await text(base);
      expect((await stored(statement)).records.size, statement).to.equal(JSON.parse(built[0]!).data.length);
      for (const [i, path] of paths.entries()) expect(await text(path), path).to.equal(built[i]);
    }
  });

  it("the first whole read keeps every company's record; the next reads, a page or some fields, answer from it", async () => {
    const before = await revenues();
    expect(before).to.deep.equal([
      ['000333.SZ', 380 * M],
      ['600519.SH', 87160232759.05],
    ]);
    const { layout, records } = await stored('income');
    expect([...records.keys()]).to.deep.equal(['000333.SZ', '600519.SH']);
    // A stored revenue changed under the server: the next reads answer it, so they read the stored row.
    const changed = records
      .get('000333.SZ')!
      .toString()
      .replace(`"revenue":${380 * M}`, '"revenue":1');
    expect(changed).to.include('"revenue":1,');
    await storePeriodRecords(
      store.db,
      { statement: 'income', reportType: 1, endDate: PERIOD },
      layout,
      new Map([...records].map(([code, record]) => [code, code === '000333.SZ' ? changed : record.toString()])),
      await dataVersion(store.db, 'financials'),
    );
    expect(await revenues()).to.deep.equal([['000333.SZ', 1], before[1]]);
    expect(await revenues('&limit=1&page=2')).to.deep.equal([before[1]]);
    const whole = JSON.parse(await text(`/v1/financials/cross-section?statement=income&report_date=${PERIOD}`));
    expect(whole.data[0].income_statements[0].revenue).to.equal(1);
  });

  it('a load of the period or an earlier one forgets it and later ones; a load of a later period keeps it', async () => {
    await revenues();
    await text('/v1/financials/cross-section?statement=cash-flow&report_date=2022-06-30');
    await stored('income');
    await stored('cash-flow', '2022-06-30');
    const loader = statementLoader('income_statements');
    await loadRecords(store.db, 'income.csv', rowRecords([incomeRow('2023-03-31', '20230428', 130 * M)]), loader);
    expect(await rows()).to.have.length(1);
    await loadRecords(store.db, 'income.csv', rowRecords([incomeRow('2022-06-30', '20220828', 250 * M)]), loader);
    expect(await rows()).to.deep.equal([]);
    expect(await rows('2022-06-30')).to.deep.equal([]);
    await loadRecords(store.db, 'income.csv', rowRecords([incomeRow(PERIOD, '20221028', 390 * M)]), loader);
    expect((await revenues())[0]).to.deep.equal(['000333.SZ', 390 * M]);
    expect((await stored('income')).records.get('000333.SZ')!.toString()).to.include(`"revenue":${390 * M},`);
  });

  it('a page, or a read as of a day, is not kept; a period read before a load committed is not kept', async () => {
    await revenues('&limit=1');
    await revenues('&as_of=2023-01-01');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await rows()).to.deep.equal([]);
    const key = { statement: 'income', reportType: 1, endDate: PERIOD };
    const now = await dataVersion(store.db, 'financials');
    await storePeriodRecords(store.db, key, 'layout', new Map([['000333.SZ', '{}']]), now - 1);
    expect(await rows()).to.deep.equal([]);
    await storePeriodRecords(store.db, key, 'layout', new Map([['000333.SZ', '{}']]), now);
    expect((await storedPeriodRecords(store.db, key, 'layout'))!.get('000333.SZ')!.toString()).to.equal('{}');
  });

  it('a period stored in another layout (other fields, or other code) is read again and replaced', async () => {
    const key = { statement: 'income', reportType: 1, endDate: PERIOD };
    const fromTables = await revenues();
    await stored('income');
    await store.db('stored_periods').del();
    const records = new Map([
      ['000333.SZ', '{"revenue":1}'],
      ['600519.SH', '{"revenue":1}'],
    ]);
    await storePeriodRecords(store.db, key, 'an older layout', records, await dataVersion(store.db, 'financials'));
    expect(await revenues()).to.deep.equal(fromTables);
    expect((await stored('income', PERIOD, 'an older layout')).records.size).to.equal(2);
  });
});
