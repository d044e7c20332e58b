import { expect } from 'chai';
import type { Knex } from 'knex';
import { down, up } from '../../db/migrations/20261126000100_cluster_daily_tables_sqlite';
import { dialect, useTestDb } from '../support/testDb';

const TABLES = ['daily_bars', 'adj_factors', 'daily_basic'];

const definition = async (db: Knex, table: string): Promise<string> =>
  String((await db('sqlite_master').where({ type: 'table', name: table }).first('sql')).sql);
const indexNames = async (db: Knex, table: string): Promise<string[]> =>
  (
    await db('sqlite_master')
      .where({ type: 'index', tbl_name: table })
      .whereNotNull('sql')
      .orderBy('name')
      .select('name')
  ).map((row: { name: string }) => row.name);
const everyRow = (db: Knex, table: string) => db(table).orderBy(['ts_code', 'trade_date']).select();

/** A store filled as a daily sync fills it: a day of every security at a time. */
async function fillByDay(db: Knex): Promise<void> {
  for (const [i, date] of ['2025-06-02', '2025-06-03', '2025-06-04'].entries()) {
    for (const code of ['600519.SH', '000001.SZ', '300750.SZ']) {
      await db('daily_bars').insert({
        ts_code: code,
        trade_date: date,
        open: 10 + i,
        high: 11 + i,
        low: 9 + i,
        close: 10.5 + i,
        pre_close: 10 + i,
        change: 0.5,
        pct_chg: 5,
        vol: 1000 * (i + 1),
        amount: 1e6,
      });
      await db('adj_factors').insert({ ts_code: code, trade_date: date, adj_factor: 1.5 + i / 10 });
      await db('daily_basic').insert({
        ts_code: code,
        trade_date: date,
        close: 10.5 + i,
        pe: 20 + i,
        total_mv: 1e9 * (i + 1),
      });
    }
  }
}

(dialect === 'sqlite' ? describe : describe.skip)(
  'SQLite: the daily tables stored in their primary key order (WITHOUT ROWID)',
  () => {
    const testDb = useTestDb();

    it('a store filled day by day keeps every row and index through the rebuild; a symbol reads one range of the primary key', async () => {
      const { db } = testDb;
      await down(db);
      for (const table of TABLES) expect(await definition(db, table)).to.not.match(/without rowid/i);
      const indexesBefore = await Promise.all(TABLES.map((table) => indexNames(db, table)));
      await fillByDay(db);
      const rowsBefore = await Promise.all(TABLES.map((table) => everyRow(db, table)));

      await up(db);
      for (const table of TABLES) expect(await definition(db, table)).to.match(/without rowid$/i);
      expect(await Promise.all(TABLES.map((table) => indexNames(db, table)))).to.deep.equal(indexesBefore);
      expect(indexesBefore[0]).to.include('daily_bars_day_idx');
      expect(await Promise.all(TABLES.map((table) => everyRow(db, table)))).to.deep.equal(rowsBefore);
      expect(rowsBefore[2]).to.have.length(9);

      const plan = await db.raw(
        "explain query plan select * from daily_basic where ts_code = '600519.SH' and trade_date between '2025-06-01' and '2025-06-30'",
      );
      expect(plan.map((step: { detail: string }) => step.detail)).to.deep.equal([
        'SEARCH daily_basic USING PRIMARY KEY (ts_code=? AND trade_date>? AND trade_date<?)',
      ]);
      // Writes go on as before: an upsert of a stored day.
      await db('daily_basic')
        .insert({ ts_code: '600519.SH', trade_date: '2025-06-04', close: 13, pe: 30 })
        .onConflict(['ts_code', 'trade_date'])
        .merge();
      expect(
        await db('daily_basic').where({ ts_code: '600519.SH', trade_date: '2025-06-04' }).first('pe'),
      ).to.deep.equal({ pe: 30 });
    });
  },
);
