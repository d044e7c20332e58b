/**
 * The repository queries `make sql` snapshots (db/queries/<module>.<dialect>.sql): the hot and the subtle ones,
 * each run with fixed example arguments. A multi-step query is given the rows its later steps depend on.
 */
import type { Knex } from 'knex';
import { findKeyOwner } from '../../src/modules/accounts/apiKeys.repository';
import { writeUsageBatch } from '../../src/modules/billing/usage.repository';
import { codesWithPeriod, statementRows } from '../../src/modules/financials/financials.repository';
import { closesOfDay, crossSectionRows, valuationRows } from '../../src/modules/market/crossSection.repository';
import { barsBefore, dailyBars, findSecurityAnchors, minuteBars } from '../../src/modules/market/market.repository';
import { snapshotMembers, snapshotOn } from '../../src/modules/reference/constituents.repository';
import { namesOnDate, universeSecurities } from '../../src/modules/reference/stockList.repository';
import { searchSources } from '../../src/modules/stocks/stocks.repository';
import { securityDirectory } from '../../src/modules/common/securityDirectory.repository';
import { SecurityDirectory } from '../../src/domain/reference/securityDirectory';

/** The cross-section's reads do not depend on the directory's contents (it filters and names in memory). */
const NO_DIRECTORY = new SecurityDirectory([], []);

export interface QuerySnapshot {
  /** The file it goes to: db/queries/<module>.<dialect>.sql. */
  module: string;
  name: string;
  /** The example, in words. */
  example: string;
  run(db: Knex, answer: (...results: unknown[]) => void): Promise<unknown>;
}

export const querySnapshots: QuerySnapshot[] = [
  {
    module: 'market',
    name: 'daily window: the securities and their anchors',
    example: '600519.SH and 000001.SZ, daily bars published by 2025-04-03 15:30 (a starter plan)',
    run: (db) => findSecurityAnchors(db, ['600519.SH', '000001.SZ'], '2025-04-03 15:30:00'),
  },
  {
    module: 'market',
    name: 'daily window: the bars with their factors',
    example: '600519.SH, 2024-04-03 to 2025-04-03, real time',
    run: (db) => dailyBars(db, ['600519.SH'], '2024-04-03', '2025-04-03', null),
  },
  {
    module: 'market',
    name: 'daily window: the bar before the window (base of the first adjusted pre_close)',
    example: '600519.SH before 2024-04-03, whose previous bar is 2024-04-02',
    run: (db, answer) => {
      answer([{ ts_code: '600519.SH', trade_date: '2024-04-02' }]);
      return barsBefore(db, ['600519.SH'], '2024-04-03', null);
    },
  },
  {
    module: 'market',
    name: 'klines: one-minute bars of a session',
    example: '600519.SH on 2025-04-03, minute data one minute late',
    run: (db) => minuteBars(db, '600519.SH', '2025-04-03 00:00:00', '2025-04-03 23:59:59', '2025-04-03 14:59:00'),
  },
  {
    module: 'market',
    name: 'cross-section: every bar of a day with its factor and valuation',
    example: 'stocks of the ChiNext board on 2025-04-03, daily bars published by 2025-04-03 15:30',
    run: (db) =>
      crossSectionRows(
        db,
        NO_DIRECTORY,
        { date: '2025-04-03', kind: 'stock', board: 'chinext' },
        '2025-04-03 15:30:00',
      ),
  },
  {
    module: 'market',
    name: 'security directory: the name and kind of every security, and every name change (kinds and names of the rows of a day)',
    example: 'the whole store, read when the reference data version moves',
    run: (db) => securityDirectory(db),
  },
  {
    module: 'market',
    name: 'cross-section adjusted: the close and factor of every bar of the previous open day (bases of pre_close)',
    example: '2025-04-02, real time',
    run: (db) => closesOfDay(db, { date: '2025-04-02' }, null),
  },
  {
    module: 'market',
    name: 'cross-section of one industry: its securities by the industry index, each looked up within the day',
    example: 'stocks of 银行 on 2025-04-03, real time',
    run: (db) => crossSectionRows(db, NO_DIRECTORY, { date: '2025-04-03', kind: 'stock', industry: '银行' }, null),
  },
  {
    module: 'market',
    name: 'cross-section of one industry adjusted: the closes and factors of the previous open day of its securities',
    example: '银行 on 2025-04-02, real time',
    run: (db) => closesOfDay(db, { date: '2025-04-02', industry: '银行' }, null),
  },
  {
    module: 'market',
    name: 'valuation series',
    example: '600519.SH and 000001.SZ, 2025-01-01 to 2025-04-03',
    run: (db) => valuationRows(db, ['600519.SH', '000001.SZ'], '2025-01-01', '2025-04-03'),
  },
  {
    module: 'financials',
    name: 'financial cross-section: a page of the companies that reported a period',
    example: 'income statements of FY2023, consolidated, announced by 2024-04-30, first page of 1,000',
    run: (db, answer) => {
      answer([], [{ total: 0 }]);
      return codesWithPeriod(
        db,
        'income_statements',
        { endDate: '2023-12-31', reportType: 1, asOf: '2024-04-30' },
        { limit: 1000, offset: 0 },
      );
    },
  },
  {
    module: 'financials',
    name: 'statements point in time: every version announced by as_of',
    example: 'income of 600519.SH, consolidated (report type 1), periods 2022-12-31 to 2024-12-31, as of 2024-04-30',
    run: (db) =>
      statementRows(
        db,
        'income_statements',
        { codes: ['600519.SH'], reportType: 1, from: '2022-12-31', to: '2024-12-31', asOf: '2024-04-30' },
        ['total_revenue', 'n_income_attr_p'],
      ),
  },
  {
    module: 'reference',
    name: 'stock list universe load',
    example: 'every security (the code changes come from the code-history map)',
    run: (db) => universeSecurities(db),
  },
  {
    module: 'reference',
    name: 'stock list on a date: the names of one page that day',
    example: 'two codes on 2020-01-02',
    run: (db) => namesOnDate(db, ['600000.SH', '600004.SH'], '2020-01-02'),
  },
  {
    module: 'reference',
    name: 'index constituents on a date',
    example: 'the latest 000300.SH snapshot on or before 2025-04-03, then its first page of 50',
    run: async (db, answer) => {
      await snapshotOn(db, '000300.SH', '2025-04-03');
      answer([], [{ total: 0 }]);
      return snapshotMembers(db, '000300.SH', '2025-03-31', { limit: 50, offset: 0 });
    },
  },
  {
    module: 'stocks',
    name: 'search index load',
    example: 'every security, every former name and the Shenwan memberships begun by 2024-06-14',
    run: (db) => searchSources(db, '2024-06-14'),
  },
  {
    module: 'accounts',
    name: 'API key lookup',
    example: 'the owner, plan and limits of a key by its SHA-256',
    run: (db) => findKeyOwner(db, 'c0ffee'.padEnd(64, '0')),
  },
  {
    module: 'billing',
    name: 'usage flush',
    example: 'two counts of key 7 on 2025-04-03 and its last use',
    run: (db) =>
      writeUsageBatch(
        db,
        [
          { accountId: 3, keyId: 7, endpoint: '/v1/market/daily', day: '2025-04-03', count: 12, bytes: 0 },
          { accountId: 3, keyId: 7, endpoint: '/v1/stock/search', day: '2025-04-03', count: 2, bytes: 0 },
        ],
        new Map([[7, new Date('2025-04-03T06:59:00Z')]]),
      ),
  },
];
