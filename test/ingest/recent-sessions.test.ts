import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_DIR } from '../../src/ingest/demo';
import { RECENT_SYNTHETIC_STOCKS, writeRecentSessions } from '../../src/ingest/generate/recentSessions';
import { rowsOf } from './support/bundle';


describe('demo: synthetic recent sessions', () => {
  const dirs: string[] = [];
  const write = async (now: string) => {
    const out = mkdtempSync(join(tmpdir(), 'ashare-recent-'));
    dirs.push(out);
    return { out, counts: await writeRecentSessions(DEMO_DIR, out, new Date(now)) };
  };
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('continues each stock from its last real bar on the open days before today in Beijing', async () => {
    // 2025-04-09 16:30 UTC is 04-10 00:30 in Beijing: the open days after the real 04-03 are 04-07, -08 and -09.
    const { out, counts } = await write('2025-04-09T16:30:00Z');
    expect(counts).to.deep.equal({ 'daily.csv': 9, 'adj_factor.csv': 3, 'stk_mins.csv': 2160, 'ticks.csv': counts['ticks.csv'] });
    const daily = rowsOf(out, 'daily.csv');
    expect(daily.map((row) => `${row[0]} ${row[1]}`)).to.deep.equal(
      RECENT_SYNTHETIC_STOCKS.flatMap((code) => ['20250407', '20250408', '20250409'].map((day) => `${code} ${day}`)),
    );
    // pre_close of the first synthetic bar is the real close of 2025-04-03 (db/demo/daily.csv).
    expect(daily.filter((row) => row[1] === '20250407').map((row) => Number(row[6]))).to.deep.equal([11.34, 1568.88, 243.08]);
    // Only 000001.SZ has real factors; its 2024-12-31 factor is carried forward, no synthetic ex-date.
    expect(rowsOf(out, 'adj_factor.csv')).to.deep.equal(['20250407', '20250408', '20250409'].map((day) => ['000001.SZ', day, '127.7841']));
    const minuteDays = new Set(rowsOf(out, 'stk_mins.csv').map((row) => `${row[0]} ${row[1]!.slice(0, 10)}`));
    expect(minuteDays.size).to.equal(9);
    expect(counts['ticks.csv']).to.be.within(2160 * 2, 2160 * 4);
  });

  it('gives a day the same bar whatever day the store is made', async () => {
    const early = rowsOf((await write('2025-04-09T16:30:00Z')).out, 'daily.csv');
    const later = rowsOf((await write('2025-05-20T08:00:00Z')).out, 'daily.csv');
    for (const row of early) expect(later).to.deep.include(row);
  });

  it('writes nothing when no open day follows the real bars yet', async () => {
    expect(await write('2025-04-04T08:00:00Z')).to.have.property('counts').that.deep.equals({});
  });
});
