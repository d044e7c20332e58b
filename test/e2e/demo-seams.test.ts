import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATASET_DESCRIPTORS } from '../../src/domain/tables/datasetDescriptors';
import { RECENT_SYNTHETIC_STOCKS } from '../../src/generate/recentSessions';
import { writeFlatFiles } from '../../src/modules/tushare/flatFiles.service';
import { TradingCalendar } from '../../src/modules/common/tradingCalendar.service';
import { DataVersions } from '../../src/db/dataVersions';
import { operations } from '../support/contract';
import { ColumnarReader } from '../support/columnarReader';
import { dataapi } from '../support/dataapi';
import { useDemoServer } from '../support/demoServer';
import { paths } from '../../src/paths';

const DAY = '2025-04-03';

describe('e2e: the demo store answers every rule it has, each security under one code with its name', function () {
  this.timeout(120_000); // the whole demo store is loaded first
  const demo = useDemoServer();
  const get = async (path: string) => {
    const response = await fetch(demo.server.baseUrl + path, { headers: { 'X-API-KEY': demo.key } });
    return { status: response.status, body: (await response.json()) as { data: unknown } };
  };

  const withDemo = DATASET_DESCRIPTORS.filter((descriptor) => descriptor.demo ?? descriptor.marketDemo);

  it('has datasets with demo rules', () => {
    expect(withDemo.map((descriptor) => descriptor.api)).to.include.members([
      'forecast',
      'repurchase',
      'moneyflow',
      'margin',
    ]);
  });

  for (const descriptor of withDemo) {
    it(`${descriptor.api}: its demo rows answer on its route's default window (each interface: cross-interface.test.ts)`, async () => {
      const route = descriptor.route!;
      const path = operations().find((op) => op.operationId === route.operationId)!.path;
      const answered: Record<string, number> = {};
      // A market-wide dataset (margin's exchange totals) is asked without a symbol.
      for (const symbol of descriptor.marketDemo ? [''] : RECENT_SYNTHETIC_STOCKS) {
        const { status, body } = await get(symbol === '' ? path : `${path}?symbol=${symbol}`);
        answered[symbol] = status === 200 ? (body.data as unknown[]).length : 0;
      }
      // Each rule yields rows of some demo stock (the limit and dragon-tiger lists: of the one that closes at its limit).
      expect(
        Object.values(answered).some((rows) => rows > 0),
        JSON.stringify(answered),
      ).to.equal(true);
    });
  }

  it(`the ${DAY} cross-section: each security once, under the code its history and the export give, named`, async () => {
    const { status, body } = await get(`/v1/market/cross-section?date=${DAY}&fields=name`);
    expect(status).to.equal(200);
    const entries = (body.data as { securities: Array<{ symbol: string; name: string | null }> }).securities;
    expect(entries).to.have.length(5393);
    const symbols = entries.map((entry) => entry.symbol);
    expect(new Set(symbols).size).to.equal(symbols.length);
    expect([...symbols].sort()).to.deep.equal(symbols);
    // 247 of the 248 former Beijing codes answer under their 920 codes; 839680.BJ (广道数字) was delisted before
    // the list of 2026-02-26, which is the only list of the demo holding Beijing stocks: its code and name stay unknown.
    expect(symbols.filter((symbol) => /^[48]\d{5}\.BJ$/.test(symbol))).to.deep.equal(['839680.BJ']);
    expect(entries.filter((entry) => entry.name === null).map((entry) => entry.symbol)).to.deep.equal(['839680.BJ']);
    expect(entries.find((entry) => entry.symbol === '920017.BJ')?.name).to.equal('星昊医药');
    // Delisted since, named by the demo's Baostock list (listed there in 2023, gone from the list of 2026).
    expect(entries.find((entry) => entry.symbol === '000584.SZ')?.name).to.equal('哈工智能');

    const out = mkdtempSync(join(tmpdir(), 'ashare-seams-'));
    try {
      const { db } = demo.testDb;
      await writeFlatFiles(db, new TradingCalendar(db, new DataVersions(db, 0)), {
        out,
        datasets: ['daily'],
        since: DAY,
        until: DAY,
      });
      const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
        files: Array<{ path: string }>;
      };
      const reader = await ColumnarReader.open();
      try {
        // The day's rows in the file of its year.
        const { rows } = await reader.parquet(readFileSync(join(out, manifest.files[0]!.path)));
        const day = rows.filter((row) => row.trade_date === DAY);
        expect(day.map((row) => row.ts_code).sort()).to.deep.equal(symbols);
        // The Tushare wire asked for the day answers the same codes as its flat file.
        const wire = await dataapi(demo.server.baseUrl, demo.key, 'daily', { trade_date: DAY.replaceAll('-', '') });
        expect(wire.data.items.map((item) => String(item[0])).sort()).to.deep.equal(symbols);
      } finally {
        reader.close();
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('the ladder of a real day (2024-09-30, 五粮液 at its third up limit in a row) equals the streaks of the demo’s bars', async () => {
    // Each stock's up closes in a row through the day, read from the bundled bars: a main-board stock closes up at
    // its pre_close × 1.1, half up to the cent.
    const day = '20240930';
    const bars = readFileSync(join(paths.demoData, 'daily.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .filter(([, date]) => date! <= day)
      .sort(([a, x], [b, y]) => a!.localeCompare(b!) || x!.localeCompare(y!));
    const streaks = new Map<string, number>();
    for (const [code, date, , , , close, preClose] of bars) {
      const up = Math.round(Number(preClose) * 110 + 1e-7) / 100 === Number(close);
      streaks.set(code!, up ? (streaks.get(code!) ?? 0) + 1 : 0);
      if (date === day && !up) streaks.delete(code!);
    }
    const traded = new Set(bars.filter(([, date]) => date === day).map(([code]) => code));
    const expected = [...streaks].filter(([code, streak]) => traded.has(code) && streak > 0);
    expect(expected).to.deep.equal([['000858.SZ', 3]]);
    const { body } = await get(`/v1/market/limit-ladder?date=2024-09-30`);
    const ladder = body.data as { up_count: number; top_streak: number; securities: Array<Record<string, unknown>> };
    expect(ladder.securities.map((row) => [row.symbol, row.limit_streak])).to.deep.equal(expected);
    expect([ladder.up_count, ladder.top_streak]).to.deep.equal([1, 3]);
    expect(ladder.securities[0]).to.include({ name: '五粮液', close: 162.51, limit_up: 162.51, limit_move: 'up' });
  });
});
