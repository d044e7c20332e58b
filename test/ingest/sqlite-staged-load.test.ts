import { expect } from 'chai';
import type { Knex } from 'knex';
import { importBundle } from '../../src/ingest/bundle';
import { IngestError } from '../../src/ingest/ingestError';
import { loadRecords } from '../../src/ingest/loadTable';
import type { CsvRecord } from '../../src/ingest/csvRecords';
import { dialect, useTestDb } from '../support/testDb';
import { csv, writeBundle } from './support/bundle';

const CODES = ['600519.SH', '000001.SZ', '300750.SZ'];
const DAYS = ['20250602', '20250603', '20250604'];
const iso = (compact: string) => `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6)}`;

/** An adj_factor file as Tushare's whole-market export has it: one day of every code after another. */
const adjFactorFile = (days: string[], factor: (code: number, day: number) => number) =>
  csv(
    'ts_code,trade_date,adj_factor',
    ...days.flatMap((day, d) => CODES.map((code, c) => `${code},${day},${factor(c, d)}`)),
  );

async function statementsOf(db: Knex, work: () => Promise<unknown>): Promise<string[]> {
  const sql: string[] = [];
  const listen = (query: { sql: string }) => sql.push(query.sql);
  db.on('query', listen);
  try {
    await work();
  } finally {
    db.off('query', listen);
  }
  return sql;
}

async function importFiles(db: Knex, files: Record<string, string>): Promise<string[]> {
  const bundle = writeBundle(files);
  try {
    return await statementsOf(db, () => importBundle(db, bundle.dir));
  } finally {
    bundle.remove();
  }
}

const indexDefinitions = async (db: Knex) =>
  (await db('sqlite_master')
    .where({ type: 'index', tbl_name: 'adj_factors' })
    .whereNotNull('sql')
    .pluck('sql')) as string[];

(dialect === 'sqlite' ? describe : describe.skip)(
  'SQLite: a load into a clustered table goes through a stage, moved in in key order',
  () => {
    const testDb = useTestDb({ each: true });

    it('a first load moves the rows in with the day index dropped and made again; a later load merges into the table with its index kept', async () => {
      const { db } = testDb;
      const indexes = await indexDefinitions(db);
      expect(indexes).to.have.length(1);

      const first = await importFiles(db, { 'adj_factor.csv': adjFactorFile(DAYS, (c, d) => 1 + c + d / 10) });
      expect(first.some((sql) => /^create temp table "stage_adj_factors"/.test(sql))).to.equal(true);
      expect(first.filter((sql) => /^drop index/.test(sql))).to.deep.equal(['drop index "adj_factors_day_idx"']);
      expect(
        first.some((sql) =>
          /insert into "adj_factors" .* from temp\."stage_adj_factors" where true order by "ts_code","trade_date", rowid/s.test(
            sql,
          ),
        ),
      ).to.equal(true);
      expect(await indexDefinitions(db)).to.deep.equal(indexes);

      // The last day again with other factors, and one day more: the stored rows are replaced, the new ones added.
      const later = await importFiles(db, {
        'adj_factor.csv': adjFactorFile(['20250604', '20250605'], (c, d) => 5 + c + d),
      });
      expect(later.filter((sql) => /^(drop|create) index/.test(sql))).to.deep.equal([]);
      expect(await indexDefinitions(db)).to.deep.equal(indexes);
      const expected = CODES.flatMap((code, c) => [
        ...DAYS.slice(0, 2).map((day, d) => ({ ts_code: code, trade_date: iso(day), adj_factor: 1 + c + d / 10 })),
        { ts_code: code, trade_date: '2025-06-04', adj_factor: 5 + c },
        { ts_code: code, trade_date: '2025-06-05', adj_factor: 6 + c },
      ]).sort((x, y) => x.ts_code.localeCompare(y.ts_code) || x.trade_date.localeCompare(y.trade_date));
      expect(
        await db('adj_factors').orderBy(['ts_code', 'trade_date']).select('ts_code', 'trade_date', 'adj_factor'),
      ).to.deep.equal(expected);
      // The day index answers the day's reads with the rows of both loads.
      expect(
        await db('adj_factors').where('trade_date', '2025-06-04').orderBy('ts_code').pluck('adj_factor'),
      ).to.deep.equal([6, 7, 5]);
      expect((await db.raw('pragma integrity_check'))[0]).to.deep.equal({ integrity_check: 'ok' });
    });

    it('a row the table refuses is refused at the line its batch ends, the stage holding the table’s constraints', async () => {
      const { db } = testDb;
      async function* records(): AsyncIterable<CsvRecord> {
        for (let line = 2; line <= 2501; line++) {
          const day = new Date(Date.UTC(2000, 0, line)).toISOString().slice(0, 10);
          yield { line, values: { ts_code: '600519.SH', trade_date: day, adj_factor: line === 1500 ? '' : '1.5' } };
        }
      }
      const load = {
        table: 'adj_factors',
        key: ['ts_code', 'trade_date'],
        columns: ['ts_code', 'trade_date', 'adj_factor'],
        dataset: 'market' as const,
        toRow: (values: Record<string, string>) => ({
          ...values,
          adj_factor: values.adj_factor === '' ? null : Number(values.adj_factor),
        }),
      };
      const refused = await loadRecords(db, 'adj_factor.csv', records(), load).then(
        () => null,
        (err: Error) => err,
      );
      expect(refused).to.be.instanceOf(IngestError);
      expect(refused!.message).to.match(
        /^adj_factor\.csv:2001: the database refused the rows up to this line: NOT NULL constraint failed: stage_adj_factors\.adj_factor$/,
      );
      expect(await db('adj_factors').count({ rows: '*' })).to.deep.equal([{ rows: 0 }]);
    });
  },
);
