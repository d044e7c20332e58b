import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ashareCli } from '../support/ashareCli';
import { insertSecurities, loadCalendar } from '../support/marketData';
import { useTestDb } from '../support/testDb';

describe('ashare universe: the store declares what it means to hold, shows it and goes back to the whole market', function () {
  this.timeout(60_000);
  const testDb = useTestDb();

  it('declares from a universe.csv (a bad line left out and told), shows the count meant on the last session, --market empties it', async () => {
    const db = testDb.db;
    await loadCalendar(db, '2024-01-02', '2024-01-05');
    await insertSecurities(db, [
      { ts_code: '600519.SH', name: '贵州茅台' },
      { ts_code: '000001.SZ', name: '平安银行' },
    ]);
    await db('daily_bars').insert({ ts_code: '600519.SH', trade_date: '2024-01-05', close: 1700, vol: 1 });
    await db('index_weights').insert([
      { index_code: '399300.SZ', trade_date: '2024-01-02', con_code: '600519.SH', weight: 6 },
      { index_code: '399300.SZ', trade_date: '2024-01-02', con_code: '000001.SZ', weight: 1 },
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'ashare-universe-'));
    const file = join(dir, 'universe.csv');
    writeFileSync(
      file,
      'scope,code,start_date,end_date\nindex,399300.SZ,20240101,\nsector,银行,,\nsecurity,000001.SZ,,20231231\n',
    );
    try {
      expect((await ashareCli(testDb.url, ['universe'])).stdout.trim()).to.equal(
        'universe: the whole market (nothing declared)',
      );
      const declared = await ashareCli(testDb.url, ['universe', '--file', file]);
      expect(declared.code, declared.stderr).to.equal(0);
      expect(declared.stderr).to.include(
        'universe.csv:3: scope must be one of market, index, security: sector (row left out)',
      );
      // 000001.SZ's own line ends in 2023; it is meant on 2024-01-05 as a member of the index.
      expect(declared.stdout.trim().split('\n')).to.deep.equal([
        'universe: 2 lines (2 securities meant on 2024-01-05)',
        '  index 399300.SZ from 2024-01-01 through open',
        '  security 000001.SZ from 1990-12-19 through 2023-12-31',
      ]);
      const market = await ashareCli(testDb.url, ['universe', '--market']);
      expect(market.stdout.trim()).to.equal('universe: the whole market (nothing declared)');
      expect(await db('universe_entries').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
