import { expect } from 'chai';
import * as datasetDescriptors from '../../src/domain/tables/datasetDescriptors';
import * as eventLayouts from '../../src/domain/tables/eventLayouts';
import * as instrumentDescriptors from '../../src/domain/tables/instrumentDescriptors';
import * as instrumentLayouts from '../../src/domain/tables/instrumentLayouts';
import * as marketLayouts from '../../src/domain/tables/marketLayouts';
import * as referenceLayouts from '../../src/domain/tables/referenceLayouts';
import * as statementLayouts from '../../src/domain/tables/statementLayouts';
import { col, type TableLayout } from '../../src/domain/tables/tableLayout';
import { drift, storedTable } from '../support/tableSchema';
import { useTestDb } from '../support/testDb';

/** Every table registry of src/domain/tables: each module's exports that are layouts. */
const LAYOUTS: TableLayout<string>[] = [
  datasetDescriptors,
  eventLayouts,
  instrumentDescriptors,
  instrumentLayouts,
  marketLayouts,
  referenceLayouts,
  statementLayouts,
]
  .flatMap((module) => Object.values(module))
  .filter(
    (value): value is TableLayout<string> =>
      typeof value === 'object' && value !== null && 'table' in value && 'columns' in value && 'key' in value,
  );

/**
 * Known and meant: the statements store Tushare's text codes (report type, company type, period end type, update
 * flag: "1", "4", …) as small integers, and the registry says text because Tushare's wire does ("1").
 */
const STORED_OTHERWISE = ['report_type', 'comp_type', 'end_type', 'update_flag'].flatMap((column) =>
  ['income_statements', 'balance_sheets', 'cash_flows'].map(
    (table) => `${table}.${column}: text in the registry, integer in the table`,
  ),
);

describe('the table registries against the migrated schema', () => {
  const store = useTestDb();

  it('finds every registry (a module of layouts that gains one is read whole)', () => {
    expect(LAYOUTS.length).to.be.at.least(30);
  });

  for (const layout of LAYOUTS) {
    it(`${layout.table}: each column in the table, of its kind's type, required ones not null, the key the primary key`, async () => {
      expect(
        drift(layout, await storedTable(store.db, layout.table)).filter((line) => !STORED_OTHERWISE.includes(line)),
      ).to.deep.equal([]);
    });
  }

  it('a drifted registry is told: a column of another type, a column the table lacks, another key', async () => {
    const bars = marketLayouts.DAILY_BARS as TableLayout<string>;
    const drifted: TableLayout<string> = {
      ...bars,
      key: ['trade_date', 'ts_code'],
      columns: { ...bars.columns, close: col.text(), close_adj: col.number() },
    };
    expect(drift(drifted, await storedTable(store.db, 'daily_bars'))).to.deep.equal([
      'daily_bars.close: text in the registry, number in the table',
      'daily_bars.close_adj: not in the table',
      'daily_bars: key (trade_date, ts_code) in the registry, (ts_code, trade_date) in the table',
    ]);
  });
});
