import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { tableFromIPC } from 'apache-arrow';
import { asyncBufferFromUrl, parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import pino from 'pino';
import { BaostockClient } from '../../src/ingest/baostock/baostockClient';
import { syncBaostock } from '../../src/ingest/baostock/baostockSync';
import { baostockSessions } from '../../src/ingest/update/baostockSessions';
import { runUpdate } from '../../src/ingest/update/runUpdate';
import { importBundle } from '../../src/ingest/bundle';
import { DataVersions } from '../../src/db/dataVersions';
import { MANIFEST_FILE, type FlatFileEntry, type FlatManifest } from '../../src/domain/tables/flatLayout';
import { TradingCalendar } from '../../src/modules/common/tradingCalendar.service';
import { UsageRecorder } from '../../src/modules/billing/usage.service';
import { writeFlatFiles } from '../../src/modules/tushare/flatFiles.service';
import { juneFixture, startBaostockServer, type BaostockServer } from '../support/baostockServer';
import { dataapi } from '../support/dataapi';
import { keyOnPlan } from '../support/marketData';
import { startServer, type TestServer } from '../support/server';
import { useTestDb } from '../support/testDb';
import { csv, DAILY_HEADER, writeBundle } from '../ingest/support/bundle';

/** The writer's day: June 2024 is the open month, its sessions a file each. */
const TODAY = '2024-06-28';
/** 15:05 Beijing on 2024-06-28: a starter sees the days through 06-27 until 15:15, a professional all of them. */
const NOW = new Date('2024-06-28T07:05:00Z');
const FILE_ROUTE = '/v1/files/{dataset}/{file}';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** hyparquet reads GZIP pages through Node's zlib. */
const compressors = { GZIP: (input: Uint8Array) => new Uint8Array(gunzipSync(input)) };

describe('files: FLAT_DIR kept across a load, an update and a correction, served with ETag and Range under the plan rules, read back over HTTP', function () {
  this.timeout(120_000);
  const flat = mkdtempSync(join(tmpdir(), 'ashare-flat-'));
  const testDb = useTestDb();
  let baostock: BaostockServer;
  let server: TestServer;
  let usage: UsageRecorder;
  const keys = { starter: '', professional: '' };
  before(async () => {
    baostock = await startBaostockServer(juneFixture(), {});
    const logger = pino({ level: 'silent' });
    usage = new UsageRecorder(testDb.db, logger, 3_600_000);
    server = await startServer(testDb.db, { logger, usage, flatDir: flat, clock: () => NOW });
    keys.starter = await keyOnPlan(testDb.db, 'starter');
    keys.professional = await keyOnPlan(testDb.db, 'professional');
  });
  after(async () => {
    await server.close();
    await baostock.close();
    rmSync(flat, { recursive: true, force: true });
  });

  const client = () =>
    new BaostockClient({ host: '127.0.0.1', port: baostock.port, pauseMs: 0, readTimeoutMs: 5000, retries: 0 });
  const keep = (today = TODAY) =>
    writeFlatFiles(testDb.db, new TradingCalendar(testDb.db, new DataVersions(testDb.db, 0)), { out: flat, today });
  const manifest = () => JSON.parse(readFileSync(join(flat, MANIFEST_FILE), 'utf8')) as FlatManifest;
  const modified = (path: string) => statSync(join(flat, path)).mtimeMs;
  const stamps = () => new Map(manifest().files.map((file) => [file.path, modified(file.path)]));
  const pathsOf = (dataset: string) =>
    manifest()
      .files.filter((file) => file.dataset === dataset)
      .map((file) => file.path);
  const sessions = async (until: string) =>
    (await testDb.db('daily_bars').distinct('trade_date').where('trade_date', '<=', until).orderBy('trade_date')).map(
      (row: { trade_date: unknown }) => String(row.trade_date).slice(0, 10),
    );
  const get = (path: string, key: string, headers: Record<string, string> = {}) =>
    fetch(server.baseUrl + path, { headers: { 'X-API-KEY': key, ...headers } });
  /** The files written by the last run: those whose bytes' time moved. */
  const writtenSince = (before: Map<string, number>) =>
    manifest()
      .files.filter((file) => before.get(file.path) !== modified(file.path))
      .map((file) => file.path)
      .sort();

  it('the first run writes a file a session of the open month and a snapshot of each reference table, the manifest last; a rerun writes nothing', async () => {
    const synced = client();
    await syncBaostock(testDb.db, synced, { since: '2024-06-03', until: '2024-06-26', today: '2026-11-27' });
    await synced.close();
    const summary = await keep();
    const days = await sessions('2024-06-26');
    expect(days).to.have.length(17);
    expect(pathsOf('daily')).to.deep.equal(days.map((day) => `daily/${day}.parquet`));
    expect(pathsOf('adj_factor')).to.deep.equal(days.map((day) => `adj_factor/${day}.parquet`));
    expect(pathsOf('stock_basic')).to.deep.equal(['stock_basic/snapshot.parquet']);
    const written = manifest();
    expect(written).to.deep.include({ complete: true });
    expect(written.changes_through).to.equal(Number((await testDb.db('data_changes').max({ id: 'id' }).first())!.id));
    expect(written.datasets.daily).to.deep.equal({
      scope: 'market',
      partition: 'trade_date',
      delayed: true,
      through: '2024-06-26',
    });
    for (const file of written.files) {
      const bytes = readFileSync(join(flat, file.path));
      expect([sha256(bytes), bytes.length], file.path).to.deep.equal([file.sha256, file.bytes]);
      expect(modified(file.path), `${file.path} before the manifest`).to.be.at.most(modified(MANIFEST_FILE));
    }
    expect(summary).to.deep.include({ written: written.files.length, unchanged: 0, removed: 0 });

    const before = stamps();
    const manifestTime = modified(MANIFEST_FILE);
    expect(await keep()).to.deep.include({ written: 0, removed: 0 });
    expect(writtenSince(before)).to.deep.equal([]);
    expect(modified(MANIFEST_FILE)).to.equal(manifestTime);
  });

  it("an update appends its sessions' files and rewrites no earlier one", async () => {
    const before = stamps();
    const updating = client();
    const now = () => new Date('2024-06-28T10:00:00Z');
    try {
      await runUpdate(testDb.db, baostockSessions(updating), { trigger: 'command', minCoverage: 0.95, now });
    } finally {
      await updating.close();
    }
    await keep();
    const added = manifest().files.filter((file) => !before.has(file.path));
    expect(added.filter((file) => file.dataset === 'daily').map((file) => file.path)).to.deep.equal([
      'daily/2024-06-27.parquet',
      'daily/2024-06-28.parquet',
    ]);
    expect(
      added.every((file) => file.first_date! >= '2024-06-27'),
      'only the new sessions',
    ).to.equal(true);
    // The files that were there keep their bytes, save the stock list's snapshot (the update reloaded it).
    expect(writtenSince(before).filter((path) => before.has(path) && !path.endsWith('snapshot.parquet'))).to.deep.equal(
      [],
    );
  });

  it('a correction rewrites the file of its day and no other', async () => {
    const before = stamps();
    const row = (await testDb.db('daily_bars').where({ ts_code: '000001.SZ', trade_date: '2024-06-05' }).first())!;
    const bundle = writeBundle({
      'daily.csv': csv(
        DAILY_HEADER,
        [
          '000001.SZ',
          '20240605',
          row.open,
          row.high,
          row.low,
          10.01,
          row.pre_close,
          row.change,
          row.pct_chg,
          row.vol,
          Number(row.amount) / 1000,
        ].join(','),
      ),
    });
    try {
      await importBundle(testDb.db, bundle.dir);
    } finally {
      bundle.remove();
    }
    expect(await keep()).to.deep.include({ written: 1, removed: 0 });
    expect(writtenSince(before)).to.deep.equal(['daily/2024-06-05.parquet']);
  });

  it("lists the files a key may fetch: its scopes, its plan's delay, the datasets and days asked", async () => {
    const list = async (key: string, query = '') => {
      const response = await get(`/v1/files${query}`, key);
      expect(response.status).to.equal(200);
      return ((await response.json()) as { data: { files: Array<FlatFileEntry & { url: string }> } }).data.files;
    };
    const professional = await list(keys.professional, '?dataset=daily&begin_date=2024-06-27');
    expect(professional.map((file) => [file.path, file.url])).to.deep.equal([
      ['daily/2024-06-27.parquet', '/v1/files/daily/2024-06-27.parquet'],
      ['daily/2024-06-28.parquet', '/v1/files/daily/2024-06-28.parquet'],
    ]);
    // At 15:05 the starter's newest session is 06-27: the file of 06-28 is not listed, nor fetched.
    const starter = await list(keys.starter, '?dataset=daily,stock_basic&begin_date=2024-06-27');
    expect(starter.map((file) => file.path)).to.deep.equal([
      'daily/2024-06-27.parquet',
      'stock_basic/snapshot.parquet',
    ]);
    const hiddenHead = await fetch(`${server.baseUrl}/v1/files/daily/2024-06-28.parquet`, {
      method: 'HEAD',
      headers: { 'X-API-KEY': keys.starter },
    });
    expect(hiddenHead.status).to.equal(404);
    const hidden = await get('/v1/files/daily/2024-06-28.parquet', keys.starter);
    expect([hidden.status, await hidden.json()]).to.deep.equal([
      404,
      { code: 404, message: '2024-06-28 is visible to the starter plan from 15:15 Beijing time', error: 'no_data' },
    ]);
    const unknown = await get('/v1/files?dataset=dayly', keys.professional);
    expect([unknown.status, ((await unknown.json()) as { error: string }).error]).to.deep.equal([
      400,
      'invalid_parameter',
    ]);
    const financials = await keyOnPlan(testDb.db, 'enterprise', { scopes: ['financials'] });
    expect((await list(financials)).map((file) => file.dataset)).to.deep.equal([]);
    expect((await get('/v1/files/daily/2024-06-27.parquet', financials)).status).to.equal(403);
  });

  it('serves a file from disk with its length, its sha256 as ETag (304 when unchanged) and byte ranges, counting the bytes sent', async () => {
    const entry = manifest().files.find((file) => file.path === 'daily/2024-06-28.parquet')!;
    const path = `/v1/files/${entry.path}`;
    const whole = await get(path, keys.professional);
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect([whole.status, whole.headers.get('etag'), whole.headers.get('content-length')]).to.deep.equal([
      200,
      `"${entry.sha256}"`,
      String(entry.bytes),
    ]);
    expect([
      whole.headers.get('content-type'),
      whole.headers.get('accept-ranges'),
      whole.headers.get('content-encoding'),
    ]).to.deep.equal(['application/vnd.apache.parquet', 'bytes', null]);
    expect(sha256(bytes)).to.equal(entry.sha256);
    const again = await get(path, keys.professional, { 'If-None-Match': `"${entry.sha256}"` });
    expect(again.status).to.equal(304);
    const tail = await get(path, keys.professional, { Range: 'bytes=-8' });
    expect([tail.status, tail.headers.get('content-range')]).to.deep.equal([
      206,
      `bytes ${entry.bytes - 8}-${entry.bytes - 1}/${entry.bytes}`,
    ]);
    expect(
      Buffer.from(await tail.arrayBuffer())
        .subarray(4)
        .toString(),
    ).to.equal('PAR1');
    const past = await get(path, keys.professional, { Range: `bytes=${entry.bytes + 10}-` });
    expect([past.status, ((await past.json()) as { error: string }).error]).to.deep.equal([
      416,
      'range_not_satisfiable',
    ]);
    const head = await fetch(server.baseUrl + path, { method: 'HEAD', headers: { 'X-API-KEY': keys.professional } });
    expect([head.status, head.headers.get('content-length')]).to.deep.equal([200, String(entry.bytes)]);
    expect((await get('/v1/files/daily/2024-07-01.parquet', keys.professional)).status).to.equal(404);
    expect((await get('/v1/files/daily/june.parquet', keys.professional)).status).to.equal(400);

    await new Promise((resolve) => setTimeout(resolve, 50)); // the server's close of the last response
    await usage.flush();
    const counted = await testDb
      .db('usage_daily')
      .where({ endpoint: FILE_ROUTE })
      .sum({ count: 'count', bytes: 'bytes' })
      .first();
    // The whole file, its last 8 bytes and the HEAD's length (sent as a length, not as bytes: HEAD has no body).
    expect(Number(counted!.bytes)).to.be.at.least(entry.bytes + 8);
  });

  it('hyparquet reads one column over HTTP by Range — the footer and that column, no other byte, as the server counts — equal to /dataapi', async () => {
    const entry = manifest().files.find((file) => file.path === 'daily/2024-06-05.parquet')!;
    const fetched: Array<[number, number]> = [];
    const counting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const range = /bytes (\d+)-(\d+)/.exec(response.headers.get('content-range') ?? '');
      if (range) fetched.push([Number(range[1]), Number(range[2])]);
      else if ((init?.method ?? 'GET') === 'GET') fetched.push([0, entry.bytes - 1]);
      return response;
    };
    const sent = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50)); // the server's close of the last response
      await usage.flush();
      const row = await testDb.db('usage_daily').where({ endpoint: FILE_ROUTE }).sum({ bytes: 'bytes' }).first();
      return Number(row!.bytes);
    };
    const before = await sent();
    const file = await asyncBufferFromUrl({
      url: `${server.baseUrl}/v1/files/${entry.path}`,
      requestInit: { headers: { 'X-API-KEY': keys.professional } },
      fetch: counting,
    });
    const metadata = await parquetMetadataAsync(file, { initialFetchSize: 8 });
    const rows = await parquetReadObjects({ file, metadata, columns: ['close'], compressors });
    const wire = await dataapi(server.baseUrl, keys.professional, 'daily', { trade_date: '20240605' }, 'close');
    expect(rows).to.deep.equal(wire.data.items.map(([close]) => ({ close })));
    expect(rows.map((row) => row.close)).to.include(10.01);
    // Every byte fetched lies in the footer or in the column's chunk; the server counted as many as were fetched.
    const footer = entry.bytes - 8 - Number(metadata.metadata_length);
    const chunks = metadata.row_groups.flatMap((group) =>
      group.columns
        .filter((column) => column.meta_data!.path_in_schema[0] === 'close')
        .map((column) => {
          const start = Number(column.meta_data!.dictionary_page_offset ?? column.meta_data!.data_page_offset);
          return [start, start + Number(column.meta_data!.total_compressed_size) - 1] as const;
        }),
    );
    const inside = ([from, to]: [number, number]) =>
      from >= footer || chunks.some(([start, end]) => from >= start && to <= end);
    expect(fetched.filter((range) => !inside(range))).to.deep.equal([]);
    const bytes = fetched.reduce((sum, [from, to]) => sum + to - from + 1, 0);
    expect(bytes).to.be.below(entry.bytes);
    expect((await sent()) - before).to.equal(bytes);
  });

  it('serves the Arrow IPC form of `ashare export --format arrow` the same way: apache-arrow reads it equal to /dataapi', async () => {
    const arrowDir = mkdtempSync(join(tmpdir(), 'ashare-flat-arrow-'));
    const calendar = new TradingCalendar(testDb.db, new DataVersions(testDb.db, 0));
    await writeFlatFiles(testDb.db, calendar, { out: arrowDir, format: 'arrow', datasets: ['daily'], today: TODAY });
    const arrowServer = await startServer(testDb.db, { flatDir: arrowDir, clock: () => NOW });
    try {
      const response = await fetch(`${arrowServer.baseUrl}/v1/files/daily/2024-06-05.arrow`, {
        headers: { 'X-API-KEY': keys.professional },
      });
      expect([response.status, response.headers.get('content-type')]).to.deep.equal([
        200,
        'application/vnd.apache.arrow.stream',
      ]);
      const table = tableFromIPC(new Uint8Array(await response.arrayBuffer()));
      const wire = await dataapi(
        server.baseUrl,
        keys.professional,
        'daily',
        { trade_date: '20240605' },
        'ts_code,close',
      );
      expect(table.toArray().map((row) => [row.ts_code, row.close])).to.deep.equal(wire.data.items);
    } finally {
      await arrowServer.close();
      rmSync(arrowDir, { recursive: true, force: true });
    }
  });

  it('DuckDB reads the fetched files as one table equal to /dataapi; a closed month, then a closed year, becomes one file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ashare-fetched-'));
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    try {
      const fetchAll = async () => {
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir);
        const list = await get('/v1/files?dataset=daily', keys.professional);
        const { files } = ((await list.json()) as { data: { files: Array<{ path: string; url: string }> } }).data;
        const names: string[] = [];
        for (const file of files) {
          const response = await get(file.url, keys.professional);
          names.push(join(dir, file.path.replace('/', '_')));
          writeFileSync(names.at(-1)!, new Uint8Array(await response.arrayBuffer()));
        }
        const reader = await connection.runAndReadAll(
          `SELECT ts_code, strftime(trade_date, '%Y%m%d') AS trade_date, open, high, low, close, pre_close, change, pct_chg, vol, amount FROM read_parquet([${names.map((name) => `'${name}'`).join(', ')}]) ORDER BY trade_date DESC, ts_code`,
        );
        return { files: files.map((file) => file.path), rows: reader.getRows() };
      };
      const wire = await dataapi(server.baseUrl, keys.professional, 'daily', {
        start_date: '20240601',
        end_date: '20240630',
      });
      const expected = [...wire.data.items].sort(
        (a, b) => String(b[1]).localeCompare(String(a[1])) || String(a[0]).localeCompare(String(b[0])),
      );
      const days = await fetchAll();
      expect(days.files).to.have.length(19);
      expect(days.rows).to.deep.equal(expected);

      // July: June is closed, its days one file (theirs deleted once the manifest no longer lists them).
      const month = await keep('2024-07-01');
      expect(pathsOf('daily')).to.deep.equal(['daily/2024-06.parquet']);
      expect(month.removed).to.be.at.least(19);
      const closed = await fetchAll();
      expect(closed.rows).to.deep.equal(expected);
      expect(await keep('2024-07-01')).to.deep.include({ written: 0, removed: 0 });
      // 2025: the year is closed.
      await keep('2025-01-02');
      expect(pathsOf('daily')).to.deep.equal(['daily/2024.parquet']);
      expect((await fetchAll()).rows).to.deep.equal(expected);
      // A correction of a closed year: its file is written again, every other closed file keeps its bytes.
      const before = stamps();
      const bundle = writeBundle({
        'adj_factor.csv': csv('ts_code,trade_date,adj_factor', '000333.SZ,20240604,1.5'),
      });
      try {
        await importBundle(testDb.db, bundle.dir);
      } finally {
        bundle.remove();
      }
      expect(await keep('2025-01-02')).to.deep.include({ written: 1, removed: 0 });
      expect(writtenSince(before)).to.deep.equal(['adj_factor/2024.parquet']);
    } finally {
      connection.closeSync();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
