import { expect } from 'chai';
import { upsertRows } from '../../src/db/bulkWrite';
import { createTestDb, dialect, withServer, type TestDb } from '../support/testDb';

const SPEC = { table: 'securities', key: ['ts_code'] };
const row = (code: string, name: string, par: number | null) => ({
  ts_code: code,
  symbol: code.slice(0, 6),
  name,
  exchange: 'SZSE',
  par_value: par,
  list_status: 'L',
});

// A server that refuses LOAD DATA LOCAL gets multi-row INSERTs with literal values (bulkWrite.ts): the one
// path where the loader, not the driver, writes the values into the SQL text.
(dialect === 'mysql' ? describe : describe.skip)(
  'MySQL without local_infile: a batch as literal multi-row INSERTs',
  () => {
    let store: TestDb;

    before(async () => {
      await withServer((admin) => admin.raw('set global local_infile = 0'));
      store = await createTestDb(); // its pool asks @@local_infile afresh
    });

    after(async () => {
      await withServer((admin) => admin.raw('set global local_infile = 1'));
      await store?.drop();
    });

    it('writes quotes, backslashes, question marks and nulls as given, and merges a rerun', async () => {
      const awkward = `O'Brien \\ "A?" 平安?`;
      await store.db.transaction((trx) =>
        upsertRows(trx, SPEC, [row('000001.SZ', awkward, null), row('000002.SZ', '万科A', 1.5)]),
      );
      await store.db.transaction((trx) => upsertRows(trx, SPEC, [row('000002.SZ', '万科 ?', 2)]));
      const rows = await store.db('securities').select('ts_code', 'name', 'par_value').orderBy('ts_code');
      expect(rows).to.deep.equal([
        { ts_code: '000001.SZ', name: awkward, par_value: null },
        { ts_code: '000002.SZ', name: '万科 ?', par_value: 2 },
      ]);
    });
  },
);
