import { expect } from 'chai';
import { appendFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { Snapshot } from '../../src/domain/market/quotes';
import { liveFeed } from '../../src/live/liveFeed';
import { SnapshotRecorder } from '../../src/live/snapshotRecorder';
import { closeDueDays } from '../../src/live/snapshotDays';
import { exportSnapshotDays } from '../../src/export/snapshotExport';
import { bucketName, snapshotBucketOf } from '../../src/domain/market/snapshotRecords';
import { ColumnarReader } from '../support/columnarReader';
import { insertSecurities, keyOnPlan } from '../support/marketData';
import { startQuoteServer, type QuoteServer, snapshotAt } from '../support/quoteServer';
import { useTestServer } from '../support/server';

const logger = pino({ level: 'silent' });
const DAY = '2026-04-02';
/** The app's clock: the evening after the session, every plan past its delay. */
const EVENING = new Date(`${DAY}T20:00:00+08:00`);

const pingAn = (time: string, last: number, volume: number): Snapshot =>
  snapshotAt(DAY, '000001.SZ', '平安银行', time, {
    last,
    open: 11.23,
    high: 11.26,
    low: 11.18,
    pre_close: 11.27,
    volume,
    amount: volume * last,
    bids: [
      [last, 5000],
      [last - 0.01, 12000],
    ],
    asks: [[last + 0.01, 3000]],
    limit_up: 12.4,
    limit_down: 10.14,
  });
const moutai = (time: string, last: number) =>
  snapshotAt(DAY, '600519.SH', '贵州茅台', time, { last, open: 1459, high: last, low: 1459, pre_close: 1459.44 });

/** Three sweeps, three seconds apart: what the recorder is to keep of Ping An Bank, each as the route answers it. */
const SWEEPS = [
  { at: '09:30:03', snapshots: [pingAn('09:30:03', 11.25, 1_000_000), moutai('09:30:03', 1460)] },
  { at: '09:30:06', snapshots: [pingAn('09:30:06', 11.24, 1_200_000), moutai('09:30:06', 1461)] },
  { at: '09:30:09', snapshots: [pingAn('09:30:09', 11.26, 1_500_000), moutai('09:30:09', 1462)] },
];
const book = (bids: number[][], asks: number[][]) => {
  const level = (side: number[][], i: number, at: number) => side[i]?.[at] ?? null;
  return Object.fromEntries(
    (['bid', 'ask'] as const).flatMap((name) => {
      const side = name === 'bid' ? bids : asks;
      return [
        ...[1, 2, 3, 4, 5].map((i) => [`${name}_price_${i}`, level(side, i - 1, 0)]),
        ...[1, 2, 3, 4, 5].map((i) => [`${name}_volume_${i}`, level(side, i - 1, 1)]),
      ];
    }),
  );
};
const answered = (at: string, last: number, volume: number) => ({
  taken_at: `${DAY}T${at}.000+08:00`,
  source: 'tencent',
  quote_time: `${DAY} ${at}`,
  last,
  open: 11.23,
  high: 11.26,
  low: 11.18,
  pre_close: 11.27,
  volume,
  amount: volume * last,
  ...book(
    [
      [last, 5000],
      [last - 0.01, 12000],
    ],
    [[last + 0.01, 3000]],
  ),
  limit_up: 12.4,
  limit_down: 10.14,
  suspended: false,
});
const PING_AN = [
  answered('09:30:03', 11.25, 1_000_000),
  answered('09:30:06', 11.24, 1_200_000),
  answered('09:30:09', 11.26, 1_500_000),
];

describe('recorded snapshots: every snapshot the feed takes, kept by day, served by /v1/market/snapshots', () => {
  const root = mkdtempSync(join(tmpdir(), 'ashare-snapshots-'));
  let now = EVENING;
  const store = useTestServer(
    async (db) => {
      await insertSecurities(db, [
        { ts_code: '000001.SZ', name: '平安银行' },
        { ts_code: '600519.SH', name: '贵州茅台' },
      ]);
    },
    { clock: () => now, snapshotDir: root },
  );
  const keys: Record<string, string> = {};
  let server: QuoteServer;
  const get = async (plan: string, path: string) => {
    const response = await fetch(store.server.baseUrl + path, { headers: { 'X-API-KEY': keys[plan]! } });
    return { status: response.status, body: await response.json() };
  };

  before(async () => {
    for (const plan of ['starter', 'professional', 'enterprise']) keys[plan] = await keyOnPlan(store.db, plan);
    server = await startQuoteServer();
    let takenAt = EVENING;
    const recorder = new SnapshotRecorder(root, logger, () => takenAt);
    const feed = liveFeed(
      store.db,
      { source: 'tencent', url: server.url, symbols: '000001,600519', intervalMs: 3000 },
      logger,
      () => {},
      recorder,
    );
    for (const sweep of SWEEPS) {
      takenAt = new Date(`${DAY}T${sweep.at}+08:00`);
      server.snapshots = new Map(sweep.snapshots.map((s) => [s.ts_code, s]));
      await feed.sweep();
    }
    await recorder.stop();
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("the open day: each security in its bucket's journal; the route answers its snapshots in the order taken", async () => {
    const journals = readdirSync(join(root, `date=${DAY}`, 'journal')).sort();
    expect(journals).to.deep.equal(
      [bucketName(snapshotBucketOf('000001.SZ')), bucketName(snapshotBucketOf('600519.SH'))]
        .sort()
        .map((name) => `${name}.arrows`),
    );
    const { status, body } = await get('enterprise', `/v1/market/snapshots?symbol=000001&date=${DAY}`);
    expect(status).to.equal(200);
    expect(body).to.deep.equal({ code: 200, message: 'success', data: PING_AN, cursor: null, has_more: false });
  });

  it('pages by cursor; the latest recorded day by default; starter has no access; a day not recorded is no_data', async () => {
    const first = await get('enterprise', '/v1/market/snapshots?symbol=000001.SZ&limit=2');
    expect([first.body.data, first.body.has_more]).to.deep.equal([PING_AN.slice(0, 2), true]);
    const next = await get('enterprise', `/v1/market/snapshots?symbol=000001.SZ&limit=2&cursor=${first.body.cursor}`);
    expect([next.body.data, next.body.has_more, next.body.cursor]).to.deep.equal([PING_AN.slice(2), false, null]);
    const other = await get('enterprise', `/v1/market/snapshots?symbol=600519&limit=2&cursor=${first.body.cursor}`);
    expect([other.status, other.body.error]).to.deep.equal([400, 'invalid_cursor']);
    expect((await get('starter', '/v1/market/snapshots?symbol=000001')).body.error).to.equal(
      'insufficient_permissions',
    );
    const missing = await get('enterprise', '/v1/market/snapshots?symbol=000001&date=2026-04-01');
    expect([missing.status, missing.body.error, missing.body.message]).to.deep.equal([
      404,
      'no_data',
      'No snapshots recorded on 2026-04-01',
    ]);
  });

  it('minute bars rebuilt from them, right-closed: the three snapshots of 09:30 make the 09:31 bar', async () => {
    const { status, body } = await get('enterprise', `/v1/market/snapshots/minutes?symbol=000001&date=${DAY}`);
    expect(status).to.equal(200);
    // Volume 1,500,000 shares (15,000 lots) and amount 16,890,000 yuan: the day's figures at the last snapshot.
    expect(body.data).to.deep.equal({
      symbol: '000001.SZ',
      trade_date: DAY,
      bars: [
        {
          time: `${DAY} 09:31:00`,
          open: 11.25,
          high: 11.26,
          low: 11.24,
          close: 11.26,
          volume: 15000,
          amount: 16890000,
        },
      ],
    });
  });

  it('during the session a plan sees the snapshots its minute delay lets it read', async () => {
    // A minute after the second sweep: professional (a minute's delay) sees two, enterprise (real time) all three.
    now = new Date(`${DAY}T09:31:07+08:00`);
    try {
      const enterprise = await get('enterprise', `/v1/market/snapshots?symbol=000001&date=${DAY}`);
      expect(enterprise.body.data).to.deep.equal(PING_AN);
      const professional = await get('professional', `/v1/market/snapshots?symbol=000001&date=${DAY}`);
      expect(professional.body.data).to.deep.equal(PING_AN.slice(0, 2));
      now = new Date(`${DAY}T09:30:30+08:00`);
      const early = await get('professional', `/v1/market/snapshots?symbol=000001&date=${DAY}`);
      expect([early.status, early.body.error]).to.deep.equal([404, 'no_data']);
    } finally {
      now = EVENING;
    }
  });

  it('a journal cut off mid-write (the process killed): the whole batches before it stand', () => {
    appendFileSync(
      join(root, `date=${DAY}`, 'journal', `${bucketName(snapshotBucketOf('000001.SZ'))}.arrows`),
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0x10, 0, 0]),
    );
  });

  it('after the session the day is closed: a read-only Parquet file a bucket, sorted, the same answers, one table with the date as a column', async () => {
    await closeDueDays(root, new Date(`${DAY}T15:05:00+08:00`), { days: 30 }, logger);
    const dir = join(root, `date=${DAY}`);
    expect(readdirSync(dir).sort()).to.deep.equal(
      [bucketName(snapshotBucketOf('000001.SZ')), bucketName(snapshotBucketOf('600519.SH'))]
        .sort()
        .map((name) => `${name}.parquet`),
    );
    expect(statSync(dir).mode & 0o777).to.equal(0o555);
    for (const file of readdirSync(dir)) expect(statSync(join(dir, file)).mode & 0o777).to.equal(0o444);
    const { body } = await get('enterprise', `/v1/market/snapshots?symbol=000001&date=${DAY}`);
    expect(body.data).to.deep.equal(PING_AN);
    const reader = await ColumnarReader.open();
    try {
      const table = await reader.directory(root, 'ts_code, taken_at');
      expect(table.rows.map((row) => [row.date, row.ts_code, row.last])).to.deep.equal([
        [DAY, '000001.SZ', 11.25],
        [DAY, '000001.SZ', 11.24],
        [DAY, '000001.SZ', 11.26],
        [DAY, '600519.SH', 1460],
        [DAY, '600519.SH', 1461],
        [DAY, '600519.SH', 1462],
      ]);
    } finally {
      reader.close();
    }
  });

  it("the export copies the closed days in the recorder's layout; a rerun writes nothing", async () => {
    const out = mkdtempSync(join(tmpdir(), 'ashare-snapshot-export-'));
    try {
      const range = { out, since: DAY, until: DAY };
      expect(await exportSnapshotDays(root, range)).to.deep.equal({ days: 1, files: 2, written: 2, unchanged: 0 });
      expect(await exportSnapshotDays(root, range)).to.deep.equal({ days: 1, files: 2, written: 0, unchanged: 2 });
      expect(readdirSync(join(out, 'snapshots', `date=${DAY}`))).to.deep.equal(readdirSync(join(root, `date=${DAY}`)));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('SNAPSHOT_RETENTION: past the days kept, the oldest recorded day is removed', async () => {
    const recorder = new SnapshotRecorder(root, logger, () => new Date('2026-04-03T09:30:03+08:00'));
    recorder.record([pingAn('09:30:03', 11.3, 100)], 'tencent');
    await recorder.stop();
    await closeDueDays(root, new Date('2026-04-03T15:05:00+08:00'), { days: 1 }, logger);
    expect(readdirSync(root)).to.deep.equal(['date=2026-04-03']);
  });
});
