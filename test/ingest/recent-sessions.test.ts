import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_DIR } from '../../src/ingest/demo';
import { RECENT_SYNTHETIC_STOCKS, writeRecentSessions } from '../../src/generate/recentSessions';
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
    expect(counts).to.deep.include({
      'daily.csv': 9,
      'adj_factor.csv': 3,
      'stk_mins.csv': 2160,
      'moneyflow.csv': 9,
      'margin.csv': 6,
    });
    const daily = rowsOf(out, 'daily.csv');
    expect(daily.map((row) => `${row[0]} ${row[1]}`)).to.deep.equal(
      RECENT_SYNTHETIC_STOCKS.flatMap((code) => ['20250407', '20250408', '20250409'].map((day) => `${code} ${day}`)),
    );
    // pre_close of the first synthetic bar is the real close of 2025-04-03 (db/demo/daily.csv).
    expect(daily.filter((row) => row[1] === '20250407').map((row) => Number(row[6]))).to.deep.equal([
      11.34, 1568.88, 243.08,
    ]);
    // Only 000001.SZ has real factors; its 2024-12-31 factor is carried forward, no synthetic ex-date.
    expect(rowsOf(out, 'adj_factor.csv')).to.deep.equal(
      ['20250407', '20250408', '20250409'].map((day) => ['000001.SZ', day, '127.7841']),
    );
    const minuteDays = new Set(rowsOf(out, 'stk_mins.csv').map((row) => `${row[0]} ${row[1]!.slice(0, 10)}`));
    expect(minuteDays.size).to.equal(9);
    expect(counts['ticks.csv']).to.be.within(2160 * 2, 2160 * 4);
  });

  it('gives a day the same bar whatever day the store is made', async () => {
    const early = rowsOf((await write('2025-04-09T16:30:00Z')).out, 'daily.csv');
    const later = rowsOf((await write('2025-05-20T08:00:00Z')).out, 'daily.csv');
    for (const row of early) expect(later).to.deep.include(row);
  });

  it("the datasets follow the bars: 000001.SZ's limit-up and give-back days on the limit and dragon-tiger lists, a month of money flow and margin", async () => {
    const { out, counts } = await write('2025-05-20T08:00:00Z');
    const bars = rowsOf(out, 'daily.csv').filter((row) => row[0] === '000001.SZ');
    // Its 19th and 20th synthetic sessions: the limit-up (close = pre_close × 1.1 to the fen), then back to the close before.
    const [up, back] = [bars[18]!, bars[19]!];
    expect(Number(up[5])).to.equal(Math.round(Number(up[6]) * 1.1 * 100) / 100);
    expect(Number(back[5])).to.equal(Number(up[6]));
    const limits = rowsOf(out, 'limit_list_d.csv');
    expect(limits.map((row) => [row[0], row[1], row[4], row[17]])).to.deep.equal([[up[1], '000001.SZ', up[5], 'U']]);
    expect(rowsOf(out, 'top_list.csv').map((row) => [row[0], row[1], row[14]])).to.deep.equal([
      [up[1], '000001.SZ', '日涨幅偏离值达到7%的前5只证券'],
      [back[1], '000001.SZ', '日跌幅偏离值达到7%的前5只证券'],
    ]);
    expect(rowsOf(out, 'top_inst.csv')).to.have.length(20);
    // The last 20 sessions of each stock; the two exchanges' totals each day; holders of the last two periods out by then.
    expect(counts).to.deep.include({
      'moneyflow.csv': 60,
      'margin_detail.csv': 60,
      'margin.csv': 40,
      'top10_holders.csv': 18,
      'stk_holdernumber.csv': 6,
      'ths_member.csv': 5,
      'ths_index.csv': 4,
    });
    expect(new Set(rowsOf(out, 'top10_holders.csv').map((row) => row[2]))).to.deep.equal(
      new Set(['20250331', '20241231']),
    );
    // Money flow lots add up to the day's volume, less rounding.
    const flow = rowsOf(out, 'moneyflow.csv').find((row) => row[0] === '000001.SZ' && row[1] === up[1])!;
    const traded = [2, 4, 6, 8, 10, 12, 14, 16].reduce((sum, i) => sum + Number(flow[i]), 0);
    expect(Math.abs(traded - Number(up[9]))).to.be.below(5);
  });

  it('writes nothing when no open day follows the real bars yet', async () => {
    expect(await write('2025-04-04T08:00:00Z'))
      .to.have.property('counts')
      .that.deep.equals({});
  });
});
