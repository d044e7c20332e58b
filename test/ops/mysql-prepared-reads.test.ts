import { expect } from 'chai';
import { arrayRows } from '../../src/db/arrayRows';
import { connect } from '../../src/db/connection';
import { dialect, useTestDb } from '../support/testDb';

(dialect === 'mysql' ? describe : describe.skip)(
  'MariaDB: rows read as arrays are prepared statements (binary protocol)',
  () => {
    const testDb = useTestDb();

    it('reads the same values as the text protocol: doubles to the last bit, dates as text, nulls; and counts as prepared', async () => {
      const { db } = testDb;
      const bar = {
        ts_code: '600519.SH',
        trade_date: '2025-06-30',
        open: 18.419999999999998,
        high: 1e-7,
        low: -0.46,
        close: 1234567.891,
        pre_close: null,
        change: 0.1 + 0.2,
        pct_chg: -2.43,
        vol: 315356,
        amount: 582462532,
        turnover: null,
      };
      await db('daily_bars').insert(bar);
      const columns = Object.keys(bar);
      const server = connect(testDb.url, { queryTimeoutMs: 5000 });
      try {
        const prepared = async () =>
          Number((await server.raw("show session status like 'Com_stmt_execute'"))[0][0].Value);
        const before = await prepared();
        const arrays = await arrayRows<unknown[]>(
          server('daily_bars').where('trade_date', '2025-06-30').select(columns),
        );
        expect(await prepared()).to.equal(before + 1);
        const objects = await server('daily_bars').where('trade_date', '2025-06-30').select(columns);
        expect(arrays).to.deep.equal([Object.values(bar)]);
        expect(objects).to.deep.equal([bar]);
      } finally {
        await server.destroy();
      }
    });

    it('a list longer than the binary protocol takes (65,535 parameters) is sent as text and answers', async () => {
      const { db } = testDb;
      await db('adj_factors').insert({ ts_code: '600519.SH', trade_date: '2025-06-30', adj_factor: 8.41 });
      const codes = ['600519.SH', ...Array.from({ length: 70_000 }, (_, i) => `${String(i).padStart(6, '0')}.SZ`)];
      expect(
        await arrayRows(db('adj_factors').whereIn('ts_code', codes).select('ts_code', 'adj_factor')),
      ).to.deep.equal([['600519.SH', 8.41]]);
    });
  },
);
