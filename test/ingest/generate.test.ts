import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAudit } from '../../src/audit/runAudit';
import { importBundle } from '../../src/ingest/bundle';
import { limitBand } from '../../src/generate/dailyStep';
import { generateBundle } from '../../src/generate/generateBundle';
import { createTestDb } from '../support/testDb';
import { rowsOf } from './support/bundle';

describe('market-scale generator', () => {
  const dirs: string[] = [];
  const generate = async (seed: number) => {
    const out = mkdtempSync(join(tmpdir(), 'ashare-gen-'));
    dirs.push(out);
    await generateBundle({ out, stocks: 12, years: 2, seed });
    return out;
  };
  let dir: string;
  before(async () => {
    dir = await generate(7);
  });
  after(() => dirs.forEach((path) => rmSync(path, { recursive: true, force: true })));

  it('is deterministic: the same seed gives the same bytes, another seed other prices', async () => {
    const again = await generate(7);
    for (const file of readdirSync(dir))
      expect(readFileSync(join(again, file)).equals(readFileSync(join(dir, file))), file).to.equal(true);
    const other = await generate(8);
    expect(readFileSync(join(other, 'daily.csv')).equals(readFileSync(join(dir, 'daily.csv')))).to.equal(false);
  });

  it('walks prices inside the daily limit bands on the real calendar, leaving suspended days out', async () => {
    const calendar = new Set(rowsOf(dir, 'trade_cal.csv').map((row) => row[1]));
    const daily = rowsOf(dir, 'daily.csv');
    const perStock = new Map<string, number>();
    for (const [code, day, open, high, low, close, preClose] of daily) {
      expect(calendar.has(day)).to.equal(true);
      const band = code!.startsWith('300') ? 0.2 : 0.1;
      for (const price of [open, high, low, close].map(Number)) {
        expect(Math.abs(price / Number(preClose) - 1)).to.be.at.most(band + 0.005);
      }
      expect(Number(high)).to.be.at.least(Math.max(Number(open), Number(close)));
      expect(Number(low)).to.be.at.most(Math.min(Number(open), Number(close)));
      perStock.set(code!, (perStock.get(code!) ?? 0) + 1);
    }
    expect(Math.min(...perStock.values())).to.be.below(calendar.size);
  });

  it('moves each board inside its band of the day: ChiNext ±10 % until its reform of 2020-08-24', () => {
    expect(['300001.SZ', '000001.SZ', '600000.SH'].map((code) => limitBand(code, '20200821'))).to.deep.equal([
      0.1, 0.1, 0.1,
    ]);
    expect(['300001.SZ', '688001.SH', '830799.BJ'].map((code) => limitBand(code, '20200824'))).to.deep.equal([
      0.2, 0.2, 0.3,
    ]);
  });

  it('steps adj_factor on each ex-dividend day by close / ex-dividend reference price', async () => {
    const dividends = rowsOf(dir, 'dividend.csv');
    expect(dividends.length).to.be.greaterThan(0);
    const daily = new Map(rowsOf(dir, 'daily.csv').map((row) => [`${row[0]} ${row[1]}`, row]));
    const factors = rowsOf(dir, 'adj_factor.csv');
    for (const [code, , , , cash, , recordDate, exDate] of dividends) {
      const factorOn = (day: string) => Number(factors.find((row) => row[0] === code && row[1] === day)![2]);
      const previousClose = Number(daily.get(`${code} ${recordDate}`)?.[5] ?? NaN);
      if (Number.isNaN(previousClose)) continue; // suspended on the record date
      const exPreClose = Number(daily.get(`${code} ${exDate}`)![6]);
      expect(exPreClose).to.be.closeTo(previousClose - Number(cash), 0.011);
      expect(factorOn(exDate!) / factorOn(recordDate!)).to.be.closeTo(previousClose / exPreClose, 0.001);
    }
  });

  it('writes quarterly year-to-date income statements, minute bars and ticks that import cleanly and audit clean', async () => {
    const income = rowsOf(dir, 'income.csv');
    expect(new Set(income.map((row) => row[6]))).to.deep.equal(new Set(['1', '2', '3', '4']));
    const testDb = await createTestDb();
    try {
      const results = await importBundle(testDb.db, dir);
      expect(Object.fromEntries(results.map((result) => [result.source, result.rows]))).to.include({
        'daily.csv': rowsOf(dir, 'daily.csv').length,
        'stk_mins.csv': 3 * 3 * 240,
      });
      expect(await testDb.db('trades').count({ n: '*' }).first()).to.deep.equal({ n: rowsOf(dir, 'ticks.csv').length });
      // Its suspensions are in suspend_d and its bands are each board's of the day: the audit finds nothing.
      expect(rowsOf(dir, 'suspend_d.csv').length).to.be.greaterThan(0);
      expect((await runAudit(testDb.db)).counts).to.deep.equal({});
    } finally {
      await testDb.drop();
    }
  });
});
