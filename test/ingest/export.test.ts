import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importBundle } from '../../src/ingest/bundle';
import { generateBundle } from '../../src/generate/generateBundle';
import { DataVersions } from '../../src/db/dataVersions';
import { TradingCalendar } from '../../src/modules/common/tradingCalendar.service';
import { FlatFileEncoder } from '../../src/modules/tushare/flatFileEncoder';
import { packColumns } from '../../src/modules/tushare/flatFileEncoding';
import { writeFlatFiles } from '../../src/modules/tushare/flatFiles.service';
import { MANIFEST_FILE, type FlatFileEntry } from '../../src/domain/tables/flatLayout';
import { ColumnarReader } from '../support/columnarReader';
import { useTestDb } from '../support/testDb';
import { rowsOf } from './support/bundle';
import { flatBar, insertSecurities, loadCalendar } from '../support/marketData';

/** A generated bundle's rows of a file as DuckDB reads the export's: numbers as numbers, trade_date as a day. */
const bundleRows = (dir: string, file: string, numeric: readonly string[]) => {
  const [header] = readFileSync(join(dir, file), 'utf8').split('\n', 1);
  const names = header!.split(',');
  return rowsOf(dir, file).map((cells) =>
    Object.fromEntries(
      names.map((name, i) => {
        const cell = cells[i]!;
        if (name === 'trade_date') return [name, `${cell.slice(0, 4)}-${cell.slice(4, 6)}-${cell.slice(6)}`];
        return [name, cell === '' ? null : numeric.includes(name) ? Number(cell) : cell];
      }),
    ),
  );
};

describe('export: flat files, a Parquet file a dataset and period, read by DuckDB as one table equal to the bundle', () => {
  const testDb = useTestDb();
  let bundle: string;
  let out: string;
  let reader: ColumnarReader;
  before(async () => {
    bundle = mkdtempSync(join(tmpdir(), 'ashare-export-bundle-'));
    out = mkdtempSync(join(tmpdir(), 'ashare-export-'));
    await generateBundle({ out: bundle, stocks: 30, years: 1, seed: 3 });
    await importBundle(testDb.db, bundle);
    reader = await ColumnarReader.open();
  });
  after(() => {
    reader.close();
    for (const dir of [bundle, out]) rmSync(dir, { recursive: true, force: true });
  });

  const run = (full = false) =>
    writeFlatFiles(testDb.db, new TradingCalendar(testDb.db, new DataVersions(testDb.db, 0)), {
      datasets: ['daily', 'adj_factor'],
      since: '2000-01-01',
      until: '2030-12-31',
      full,
      out,
    });

  it("writes a file a closed year DuckDB reads as the bundle's rows, in Tushare's layout, order and units", async () => {
    const summary = await run();
    const daily = await reader.directory(join(out, 'daily'), 'ts_code, trade_date');
    const prices = ['open', 'high', 'low', 'close', 'pre_close', 'change', 'pct_chg', 'vol', 'amount'];
    expect(daily.columns).to.deep.equal([
      { name: 'ts_code', type: 'VARCHAR' },
      { name: 'trade_date', type: 'DATE' },
      ...prices.map((name) => ({ name, type: 'DOUBLE' })),
    ]);
    const expected = bundleRows(bundle, 'daily.csv', prices).sort(
      (a, b) =>
        String(a.ts_code).localeCompare(String(b.ts_code)) || String(a.trade_date).localeCompare(String(b.trade_date)),
    );
    expect(daily.rows).to.deep.equal(
      expected.map(({ ts_code, trade_date, ...figures }) => ({ ts_code, trade_date, ...figures })),
    );
    const factors = await reader.directory(join(out, 'adj_factor'), 'ts_code, trade_date');
    expect(factors.rows.length).to.equal(rowsOf(bundle, 'adj_factor.csv').length);
    expect(summary).to.deep.include({
      written: summary.files,
      unchanged: 0,
      rows: daily.rows.length + factors.rows.length,
    });
    // The generated year ends in 2025, a closed year: a file a year of each dataset.
    const { files } = JSON.parse(readFileSync(join(out, MANIFEST_FILE), 'utf8')) as { files: FlatFileEntry[] };
    expect(
      files.every((file) => file.unit === 'year' && /^(daily|adj_factor)\/\d{4}\.parquet$/.test(file.path)),
    ).to.equal(true);
  });

  it('lists each file in the manifest with its rows and sha256; a full rerun writes only what changed', async () => {
    const { files } = JSON.parse(readFileSync(join(out, MANIFEST_FILE), 'utf8')) as { files: FlatFileEntry[] };
    for (const entry of files.slice(0, 20))
      expect(
        createHash('sha256')
          .update(readFileSync(join(out, entry.path)))
          .digest('hex'),
      ).to.equal(entry.sha256);
    const again = await run(true);
    expect(again).to.deep.include({ written: 0, unchanged: files.length });

    // A bar changed behind the loaders' back and a lost file: a full rerun writes those two files, no other.
    const [first] = files.filter((entry) => entry.dataset === 'daily');
    const lost = files.find((entry) => entry.dataset === 'adj_factor')!;
    await testDb.db('daily_bars').where({ trade_date: first!.first_date }).limit(1).update({ close: 123.45 });
    rmSync(join(out, lost.path));
    const repaired = await run(true);
    expect(repaired).to.deep.include({ written: 2, unchanged: files.length - 2 });
    expect(existsSync(join(out, lost.path))).to.equal(true);
    const year = await reader.parquet(readFileSync(join(out, first!.path)));
    expect(year.rows.filter((row) => row.trade_date === first!.first_date).map((row) => row.close)).to.include(123.45);
  });

  it("fails with the encoding thread's error when a file cannot be written", async () => {
    // The output "directory" is a file: the encoding thread's first write fails (ENOTDIR), and the export with it.
    const file = join(out, MANIFEST_FILE);
    const failed = await writeFlatFiles(testDb.db, new TradingCalendar(testDb.db, new DataVersions(testDb.db, 0)), {
      datasets: ['daily'],
      since: '2000-01-01',
      until: '2030-12-31',
      format: 'arrow',
      out: file,
    }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failed).to.match(/^ENOTDIR: not a directory, mkdir '.+manifest\.json\/daily'$/);
  });

  it('hands row groups to the encoding thread with their nulls, integers and texts as they were', async () => {
    const types = ['string', 'float64', 'int64', 'string'] as const;
    const rows = [
      ['600000.SH', 10.25, 1200, '浦发银行'],
      ['000001.SZ', null, null, null],
      ['430047.BJ', -0.5, 7, ''],
    ];
    const encoder = new FlatFileEncoder();
    const file = join(out, 'handed.parquet');
    const values = packColumns(rows.slice(0, 2), types);
    try {
      const columns = ['ts_code', 'close', 'vol', 'name'];
      await encoder.open({ format: 'parquet', columns, types: [...types], metadata: {}, file, held: null });
      await encoder.write(values);
      await encoder.write(packColumns(rows.slice(2), types));
      expect(await encoder.finish()).to.include({ written: true });
    } finally {
      await encoder.close();
    }
    // The numbers' buffers were moved, not copied: this thread no longer holds them.
    expect((values[1] as Float64Array).length).to.equal(0);
    const table = await reader.parquet(readFileSync(file));
    expect(table.rows).to.deep.equal([
      { ts_code: '600000.SH', close: 10.25, vol: '1200', name: '浦发银行' },
      { ts_code: '000001.SZ', close: null, vol: null, name: null },
      { ts_code: '430047.BJ', close: -0.5, vol: '7', name: '' },
    ]);
  });
});

describe('export: a security that changed codes is one series, under its current code', () => {
  const testDb = useTestDb();

  it("方大新材's bars under 838163.BJ before 2025-10-09 and 920163.BJ from then read as one series of 920163.BJ, its announcements too", async () => {
    const db = testDb.db;
    await loadCalendar(db, '2025-09-29', '2025-10-10');
    await insertSecurities(db, [{ ts_code: '920163.BJ', name: '方大新材', kind: 'stock' }]);
    await db('code_changes').insert({
      old_code: '838163.BJ',
      new_code: '920163.BJ',
      change_date: '2025-10-09',
      reason: 'bse_mapping',
    });
    await db('daily_bars').insert([flatBar('838163.BJ', '2025-09-30', 14.2), flatBar('920163.BJ', '2025-10-09', 14.3)]);
    // An announced fact of the same stock under its former code: its file of the day names the current code too.
    await db('forecasts').insert({
      ts_code: '838163.BJ',
      ann_date: '2025-09-30',
      end_date: '2025-09-30',
      type: '预增',
    });
    const out = mkdtempSync(join(tmpdir(), 'ashare-export-codes-'));
    const reader = await ColumnarReader.open();
    try {
      await writeFlatFiles(db, new TradingCalendar(db, new DataVersions(db, 0)), {
        datasets: ['daily', 'forecast'],
        since: '2025-09-29',
        until: '2025-10-10',
        out,
      });
      const daily = await reader.directory(join(out, 'daily'), 'trade_date');
      expect(daily.rows.map(({ ts_code, trade_date, close }) => [ts_code, trade_date, close])).to.deep.equal([
        ['920163.BJ', '2025-09-30', 14.2],
        ['920163.BJ', '2025-10-09', 14.3],
      ]);
      const forecasts = await reader.directory(join(out, 'forecast'), 'ann_date');
      expect(forecasts.rows.map(({ ts_code, ann_date }) => [ts_code, ann_date])).to.deep.equal([
        ['920163.BJ', '2025-09-30'],
      ]);
    } finally {
      reader.close();
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('export: disclosures by their announcement day, closed days included', () => {
  const testDb = useTestDb();

  it("forecasts in forecast/2025.parquet, a Saturday's among them, read by DuckDB in Tushare's units", async () => {
    const db = testDb.db;
    await loadCalendar(db, '2025-01-01', '2025-01-31');
    await insertSecurities(db, [{ ts_code: '600519.SH', name: '贵州茅台', kind: 'stock' }]);
    const forecast = (ann_date: string, net_profit_min: number) => ({
      ts_code: '600519.SH',
      ann_date,
      end_date: '2024-12-31',
      type: '略增',
      net_profit_min,
    });
    // Yuan in the store; Tushare's ten thousand yuan in the export, as /dataapi answers.
    await db('forecasts').insert([forecast('2025-01-10', 85_200_000_000), forecast('2025-01-25', 85_940_000_000)]);
    const out = mkdtempSync(join(tmpdir(), 'ashare-export-disclosures-'));
    const reader = await ColumnarReader.open();
    try {
      const summary = await writeFlatFiles(db, new TradingCalendar(db, new DataVersions(db, 0)), {
        datasets: ['forecast'],
        since: '2025-01-01',
        until: '2025-01-31',
        out,
      });
      expect(summary).to.deep.include({ files: 1, rows: 2 });
      expect(existsSync(join(out, 'forecast', '2025.parquet'))).to.equal(true);
      const forecasts = await reader.directory(join(out, 'forecast'), 'ann_date');
      expect(
        forecasts.rows.map(({ ann_date, end_date, net_profit_min }) => [ann_date, end_date, net_profit_min]),
      ).to.deep.equal([
        ['2025-01-10', '2024-12-31', 8_520_000],
        ['2025-01-25', '2024-12-31', 8_594_000],
      ]);
    } finally {
      reader.close();
      rmSync(out, { recursive: true, force: true });
    }
  });
});
