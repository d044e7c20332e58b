import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { useTestDb, dialect } from '../support/testDb';

/**
 * Another process's write, committed at once: what a running server does to a store beside `ashare import`
 * (usage counts, the recorder, its own update). Returns SQLite's error code, or null when it wrote.
 */
function writeFromAnotherProcess(file: string, waitMs: number): string | null {
  const script = `
    const db = require('better-sqlite3')(process.argv[1]);
    db.pragma('busy_timeout = ${waitMs}');
    try { db.prepare("insert into trade_calendar (exchange, cal_date, is_open) values ('SZSE', '2030-01-02', 1)").run(); }
    catch (err) { process.stdout.write(err.code); }`;
  const child = spawnSync(process.execPath, ['-e', script, file], { encoding: 'utf8' });
  return child.stdout === '' ? null : child.stdout;
}

describe('a load beside another writer of the same SQLite store waits its turn, never fails', () => {
  const testDb = useTestDb({ each: true });
  before(function () {
    if (dialect !== 'sqlite') this.skip(); // MariaDB locks rows: no store-wide writer to wait for
  });

  it('a transaction that reads first holds the write lock from its start (another process waits, then fails alone)', async () => {
    const file = testDb.url.slice('sqlite://'.length);
    let other: string | null = 'not run';
    await testDb.db.transaction(async (trx) => {
      await trx('trade_calendar').count({ n: '*' });
      other = writeFromAnotherProcess(file, 200);
      // Begun deferred, this write failed at once (SQLITE_BUSY_SNAPSHOT): the other process had committed after this read.
      await trx('trade_calendar').insert({ exchange: 'SSE', cal_date: '2030-01-02', is_open: 1 });
    });
    expect(other).to.equal('SQLITE_BUSY');
    expect(writeFromAnotherProcess(file, 200)).to.equal(null);
    expect(await testDb.db('trade_calendar').orderBy('exchange').select('exchange')).to.deep.equal([
      { exchange: 'SSE' },
      { exchange: 'SZSE' },
    ]);
  });
});
