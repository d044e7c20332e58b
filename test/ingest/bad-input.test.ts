import { expect } from 'chai';
import { isSqlite } from '../../src/db/dialect';
import { importBundle } from '../../src/ingest/bundle';
import { IngestError } from '../../src/ingest/ingestError';
import { rejectionLines } from '../../src/loaders/loaderTypes';
import { useTestDb } from '../support/testDb';
import { csv, DAILY_HEADER, snapshot, writeBundle } from './support/bundle';

const GOOD_ROW = '000001.SZ,20240104,9.19,9.22,9.15,9.2,9.21,-0.01,-0.1086,733610.31,673673.61';
const rowOn = (date: string) => GOOD_ROW.replace('20240104', date);
/** 1,200 good rows first, so a bad row comes after a written batch that must be rolled back. */
const compactDay = (offset: number) =>
  new Date(Date.UTC(2010, 0, 1 + offset)).toISOString().slice(0, 10).replaceAll('-', '');
const manyGoodRows = Array.from({ length: 1200 }, (_, i) => rowOn(compactDay(i)));

/** GBK bytes of a stock_basic file naming 平安银行. */
const GBK_STOCK_BASIC = Buffer.concat([
  Buffer.from('ts_code,symbol,name,area,industry,list_date\n000001.SZ,000001,'),
  Buffer.from([0xc6, 0xbd, 0xb0, 0xb2, 0xd2, 0xf8, 0xd0, 0xd0]),
  Buffer.from(','),
  Buffer.from([0xc9, 0xee, 0xdb, 0xda]),
  Buffer.from(','),
  Buffer.from([0xd2, 0xf8, 0xd0, 0xd0]),
  Buffer.from(',19910403\n'),
]);

describe('bad input: a clear message naming file and line; a bad file loads nothing, a bad row only itself', () => {
  const testDb = useTestDb({ each: true });
  let before: unknown[];

  beforeEach(async () => {
    const seed = writeBundle({ 'daily.csv': csv(DAILY_HEADER, GOOD_ROW) });
    await importBundle(testDb.db, seed.dir);
    seed.remove();
    before = await snapshot(testDb.db, 'daily_bars');
  });

  async function expectRefused(files: Record<string, string | Buffer>, pattern: RegExp): Promise<IngestError> {
    const bundle = writeBundle(files);
    try {
      await importBundle(testDb.db, bundle.dir);
    } catch (err) {
      expect(err).to.be.instanceOf(IngestError);
      expect((err as Error).message).to.match(pattern);
      expect(await snapshot(testDb.db, 'daily_bars')).to.deep.equal(before);
      return err as IngestError;
    } finally {
      bundle.remove();
    }
    expect.fail('the import was not refused');
  }

  it('a truncated file (last line cut short)', async () => {
    const cut = csv(DAILY_HEADER, ...manyGoodRows, rowOn('20240105')).slice(0, -30);
    await expectRefused(
      { 'daily.csv': cut },
      /^daily\.csv:1202: expected 11 fields, got \d+ \(truncated line or wrong delimiter\?\)/,
    );
  });

  it('a truncated file ending inside a quoted field', async () => {
    await expectRefused(
      { 'daily.csv': csv(DAILY_HEADER, GOOD_ROW) + '000001.SZ,"2024' },
      /^daily\.csv:3: a quoted field is not closed; truncated file\?/,
    );
  });

  it('a wrong delimiter', async () => {
    const semicolons = csv(DAILY_HEADER.replaceAll(',', ';'), rowOn('20240105').replaceAll(',', ';'));
    await expectRefused(
      { 'daily.csv': semicolons },
      /^daily\.csv:1: missing columns ts_code, trade_date, .* \(the header has one column: is the delimiter a comma\?\)$/,
    );
  });

  /** Imports the bundle; the rejections of its files as `file:line: reason`, every other row loaded. */
  async function importLeavingOut(files: Record<string, string | Buffer>): Promise<string[]> {
    const bundle = writeBundle(files);
    try {
      const results = await importBundle(testDb.db, bundle.dir);
      return results.flatMap(rejectionLines);
    } finally {
      bundle.remove();
    }
  }

  const barDays = async () =>
    (await testDb.db('daily_bars').orderBy('trade_date').pluck('trade_date')).map((day) => String(day).slice(0, 10));

  it('text in a number column, after a batch was already written: that row is left out, the rest load', async () => {
    const bad = rowOn('20240105').replace('9.19', 'abc');
    expect(await importLeavingOut({ 'daily.csv': csv(DAILY_HEADER, ...manyGoodRows, bad) })).to.deep.equal([
      'daily.csv:1202: not a number in column open: "abc" (row left out)',
    ]);
    const days = await barDays();
    expect(days).to.have.length(1201);
    expect(days).not.to.include('2024-01-05');
  });

  it('a date that is no day (20241301)', async () => {
    expect(
      await importLeavingOut({ 'daily.csv': csv(DAILY_HEADER, rowOn('20240105'), rowOn('20241301')) }),
    ).to.deep.equal(['daily.csv:3: invalid date in column trade_date: 20241301 (row left out)']);
    expect(await barDays()).to.deep.equal(['2024-01-04', '2024-01-05']);
  });

  it('duplicate keys within a file, even far apart: the first row stands', async () => {
    const later = rowOn('20240105').replace('9.19', '9.99');
    expect(
      await importLeavingOut({ 'daily.csv': csv(DAILY_HEADER, rowOn('20240105'), ...manyGoodRows, later) }),
    ).to.deep.equal([
      'daily.csv:1203: duplicate key (ts_code, trade_date) = (000001.SZ, 2024-01-05) within the file; the first row stands (row left out)',
    ]);
    expect(await testDb.db('daily_bars').where({ trade_date: '2024-01-05' }).pluck('open')).to.deep.equal([9.19]);
  });

  it('a missing required value', async () => {
    expect(
      await importLeavingOut({
        'daily.csv': csv(DAILY_HEADER, rowOn('20240105').replace('000001.SZ', ''), rowOn('20240108')),
      }),
    ).to.deep.equal(['daily.csv:2: missing value in column ts_code (row left out)']);
    expect(await barDays()).to.deep.equal(['2024-01-04', '2024-01-08']);
  });

  it('minute bars outside the trading sessions', async () => {
    const bars = csv(
      'ts_code,trade_time,open,close,high,low,vol,amount',
      '600519.SH,2024-01-02 12:01:00,1,1,1,1,100,100',
      '600519.SH,2024-01-02 13:01:00,1,1,1,1,100,100',
    );
    expect(await importLeavingOut({ 'stk_mins.csv': bars })).to.deep.equal([
      'stk_mins.csv:2: time outside the trading sessions 09:30-11:30 and 13:00-15:00: 2024-01-02 12:01:00 (row left out)',
    ]);
    expect(await testDb.db('intraday_bars').count({ n: '*' }).first()).to.deep.equal({ n: 1 });
  });

  it('a hundred rejections are reported by line, the rest counted', async () => {
    const bad = Array.from({ length: 150 }, (_, i) => rowOn(compactDay(i)).replace('9.19', 'x'));
    const lines = await importLeavingOut({ 'daily.csv': csv(DAILY_HEADER, ...bad) });
    expect(lines).to.have.length(101);
    expect(lines.at(-1)).to.equal('daily.csv: 50 more rows left out');
  });

  it('files before the bad one stay loaded; the bad one leaves no trace', async () => {
    await expectRefused(
      {
        'trade_cal.csv': csv('exchange,cal_date,is_open', 'SSE,20240105,1'),
        'daily.csv': csv(DAILY_HEADER, GOOD_ROW) + '000001.SZ,"2024',
      },
      /^daily\.csv:3: a quoted field is not closed/,
    );
    expect(await testDb.db('trade_calendar').count({ n: '*' }).first()).to.deep.equal({ n: 1 });
  });

  it('text that is not UTF-8 after the sniffed start is refused with its line', async () => {
    const padding = Array.from(
      { length: 1500 },
      (_, i) => `${600000 + i}.SH,${600000 + i},平安银行,深圳,银行,19910403`,
    );
    const content = Buffer.concat([
      Buffer.from(csv('ts_code,symbol,name,area,industry,list_date', ...padding)),
      Buffer.from([0xd2, 0xf8, 0x0a]),
    ]);
    expect(content.length).to.be.greaterThan(64 * 1024);
    const bundle = writeBundle({ 'stock_basic.csv': content });
    try {
      await importBundle(testDb.db, bundle.dir);
      expect.fail('the import was not refused');
    } catch (err) {
      expect((err as Error).message).to.match(/^stock_basic\.csv:1502: the file is not valid UTF-8 text$/);
    } finally {
      bundle.remove();
    }
    expect(await testDb.db('securities').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
  });

  it('a value the schema cannot hold is refused after a written batch (MySQL: LOAD DATA warnings become errors)', async function () {
    if (isSqlite(testDb.db)) this.skip(); // SQLite does not enforce VARCHAR lengths
    const stocks = Array.from(
      { length: 20_500 },
      (_, i) => `${String(100000 + i)}.SZ,${String(100000 + i)},银行${i},深圳,银行,19910403`,
    );
    stocks.push(`300000.SZ,300000,${'长'.repeat(65)},深圳,银行,19910403`);
    const bundle = writeBundle({ 'stock_basic.csv': csv('ts_code,symbol,name,area,industry,list_date', ...stocks) });
    try {
      await importBundle(testDb.db, bundle.dir);
      expect.fail('the import was not refused');
    } catch (err) {
      expect((err as Error).message).to.match(
        /^stock_basic\.csv:20502: the database refused the rows up to this line: .*(too long|truncated).*'name'/i,
      );
    } finally {
      bundle.remove();
    }
    expect(await testDb.db('securities').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
  });

  it('text with tabs, backslashes, quotes and line breaks is stored as it was', async () => {
    const name = 'A\\tB\tC"D\nE?';
    const bundle = writeBundle({
      'stock_basic.csv': csv('ts_code,symbol,name', `000001.SZ,000001,"${name.replaceAll('"', '""')}"`),
    });
    await importBundle(testDb.db, bundle.dir);
    bundle.remove();
    expect(await testDb.db('securities').where({ ts_code: '000001.SZ' }).first('name')).to.deep.equal({ name });
  });

  it('a UTF-8 BOM is skipped', async () => {
    const bundle = writeBundle({ 'daily.csv': '\uFEFF' + csv(DAILY_HEADER, rowOn('20240105')) });
    await importBundle(testDb.db, bundle.dir);
    bundle.remove();
    expect(await testDb.db('daily_bars').where({ trade_date: '2024-01-05' }).first('ts_code')).to.deep.equal({
      ts_code: '000001.SZ',
    });
  });

  it('GBK-encoded Chinese is detected and converted', async () => {
    const bundle = writeBundle({ 'stock_basic.csv': GBK_STOCK_BASIC });
    await importBundle(testDb.db, bundle.dir);
    bundle.remove();
    expect(
      await testDb.db('securities').where({ ts_code: '000001.SZ' }).first('name', 'area', 'industry'),
    ).to.deep.equal({ name: '平安银行', area: '深圳', industry: '银行' });
  });
});
