/**
 * The snapshot recorder at the whole market's width (issue 65): `make bench-snapshots`, on demand.
 *
 * 1. Recording: SNAPSHOT_STOCKS (5,500) securities a sweep, in answers of 60 as Tencent gives them, every 3 s of
 *    market time for SNAPSHOT_SWEEPS sweeps (100: five minutes), the recorder flushing every 5 s of it, in a
 *    process of its own under the server's V8 limits (`npm start`'s: the young generation's cap is most of the
 *    peak RSS, docs/operations.md, "Footprint"): the CPU time of the recorder's calls over the market time recorded (the share of one
 *    core it takes while recording in real time; the whole process's, the generated feed included, beside it), its peak RSS over its start, and what it retains at its most (the heap and the
 *    buffers outside it after a collection, every tenth sweep: the peak RSS also holds the garbage a collector
 *    has not reclaimed yet). Target ≤ 10 % of one core, ≤ 50 MB.
 * 2. Bytes: the day's journals per snapshot, and per session (× 4,800 sweeps: 09:15-11:30 and 13:00-15:00 at
 *    3 s); closed, from the whole session's bucket of part 3, per snapshot and per session (× 128 buckets' width).
 * 3. One security's day, cold: a bucket of a whole session (5,500 ÷ 128 ≈ 43 securities × 4,800 snapshots)
 *    closed into its Parquet file, then each of its securities read as the route reads it, after one pass over
 *    them (a server that has answered such reads before): with the day's files evicted from the page cache before each read
 *    (`file_cold`, three rounds: the target p99 ≤ 100 ms), and with the whole page cache dropped (root), the
 *    process's own code pages too (`page_cache_dropped`, for reference): p50 and p99.
 * SNAPSHOT_PACE=realtime paces part 1 as the feed does. Results: bench/results/snapshots.json (snapshots-realtime.json paced).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { Snapshot } from '../src/domain/market/quotes';
import { SNAPSHOT_BUCKETS, snapshotBucketOf } from '../src/domain/market/snapshotRecords';
import { SnapshotRecorder } from '../src/live/snapshotRecorder';
import { closeDay } from '../src/live/snapshotDays';
import { securityDay } from '../src/modules/snapshots/snapshots.repository';
import { round2 } from './support/reference';
import { START_FLAGS } from './support/serverProcess';

const STOCKS = Number(process.env.SNAPSHOT_STOCKS ?? 5500);
const SWEEPS = Number(process.env.SNAPSHOT_SWEEPS ?? 100);
const SESSION_SWEEPS = 4800;
const PER_ANSWER = 60;
const DAY = '2026-11-27';
const logger = pino({ level: 'silent' });
const MB = 2 ** 20;

/**
 * SNAPSHOT_PACE=realtime takes each sweep at its time (3 s apart, five minutes for 100 sweeps), as the feed does;
 * otherwise the sweeps follow one another as fast as they are recorded, and the collector, given no idle time,
 * leaves more garbage in the peak RSS.
 */
const PACED = process.env.SNAPSHOT_PACE === 'realtime';

const codeOf = (i: number) => `${String(600000 + i).padStart(6, '0')}.SH`;

/** Security `i`'s snapshot of sweep `n`, taken `at` (epoch ms): a price that walks, a book of five levels a side. */
function snapshotOf(i: number, n: number, at: number): Snapshot {
  const last = Math.round((10 + (i % 50) + Math.sin(n / 7 + i) * 0.3) * 100) / 100;
  const level = (k: number, side: 1 | -1) =>
    [Math.round((last + side * 0.01 * k) * 100) / 100, 100 * ((i + k + n) % 97) + 100] as const;
  const time = new Date(at + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
  return {
    ts_code: codeOf(i),
    name: '',
    time,
    last,
    open: 10 + (i % 50),
    high: last + 0.2,
    low: last - 0.2,
    pre_close: 10 + (i % 50),
    volume: 10_000 * (n + 1),
    amount: 10_000 * (n + 1) * last,
    bids: [1, 2, 3, 4, 5].map((k) => level(k - 1, -1)),
    asks: [1, 2, 3, 4, 5].map((k) => level(k, 1)),
    limit_up: 11 + (i % 50),
    limit_down: 9 + (i % 50),
    suspended: false,
  };
}

/** In a child: SWEEPS sweeps recorded under `root`; its CPU seconds and peak RSS growth. */
async function recordChild(root: string): Promise<void> {
  const start = Date.parse(`${DAY}T09:30:00+08:00`);
  let now = start;
  const recorder = new SnapshotRecorder(root, logger, () => new Date(now), Number.MAX_SAFE_INTEGER);
  let collectCpu = 0;
  const base = process.memoryUsage().rss;
  // What the recorder holds: the heap and the buffers outside it after a collection (`--expose-gc`), at its most.
  const retained = () => {
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.external;
  };
  const retainedBase = retained();
  let retainedMax = 0;
  const cpu = process.cpuUsage();
  let flushedAt = start;
  const began = performance.now();
  // The recorder's own CPU: its calls timed, each answer's snapshots made before (the feed's work, not the recorder's).
  let recorderCpu = 0;
  const timed = async (work: () => unknown) => {
    const before = process.cpuUsage();
    await work();
    const used = process.cpuUsage(before);
    recorderCpu += used.user + used.system;
  };
  for (let n = 0; n < SWEEPS; n++) {
    now = start + n * 3000;
    if (PACED) await new Promise((done) => setTimeout(done, Math.max(0, began + n * 3000 - performance.now())));
    for (let i = 0; i < STOCKS; i += PER_ANSWER) {
      const answer = Array.from({ length: Math.min(PER_ANSWER, STOCKS - i) }, (_, k) => snapshotOf(i + k, n, now));
      await timed(() => recorder.record(answer, 'tencent'));
    }
    if (now - flushedAt >= 5000) {
      await timed(() => recorder.flush());
      flushedAt = now;
    }
    // Between flushes, when it holds the most: every tenth sweep (a collection costs time the CPU figure would count).
    if (n % 10 === 9) {
      const used = process.cpuUsage();
      retainedMax = Math.max(retainedMax, retained() - retainedBase);
      collectCpu += process.cpuUsage(used).user + process.cpuUsage(used).system;
    }
  }
  await timed(() => recorder.stop());
  const used = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      cpuSeconds: recorderCpu / 1e6,
      withFeedCpuSeconds: (used.user + used.system - collectCpu) / 1e6,
      rssGrowthMb: (process.resourceUsage().maxRSS * 1024 - base) / MB,
      retainedMb: retainedMax / MB,
    }),
  );
}

const bytesUnder = (dir: string): number =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);

/** Rounds over the bucket's securities with the day's files evicted before each read. */
const FILE_COLD_ROUNDS = 3;

/** The day's files out of the page cache (posix_fadvise DONTNEED, through Python: Node has no fadvise). */
const evictFiles = (root: string): boolean => {
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  const evict =
    'import os,sys\nfor p in sys.argv[1:]: os.posix_fadvise(os.open(p, os.O_RDONLY), 0, 0, os.POSIX_FADV_DONTNEED)';
  try {
    execFileSync('python3', ['-c', evict, ...files]);
    return true;
  } catch {
    return false;
  }
};

/** The whole page cache dropped (root): the server's own code pages too, which a running server keeps. */
const dropCaches = () => {
  try {
    execFileSync('sh', ['-c', 'sync; echo 3 > /proc/sys/vm/drop_caches']);
    return true;
  } catch {
    return false;
  }
};

async function main(): Promise<void> {
  // 1 and 2: a few minutes of the whole market.
  const root = mkdtempSync(join(tmpdir(), 'ashare-bench-snapshots-'));
  const out = execFileSync(
    process.execPath,
    // The recorder runs in the server, so under the server's V8 limits (`npm start`'s, START_FLAGS).
    [...START_FLAGS, '--expose-gc', '--import', 'tsx', 'bench/snapshots.ts', '--child', root],
    {
      encoding: 'utf8',
    },
  );
  const child = JSON.parse(out.trim().split('\n').at(-1)!) as {
    cpuSeconds: number;
    withFeedCpuSeconds: number;
    rssGrowthMb: number;
    retainedMb: number;
  };
  const snapshots = STOCKS * SWEEPS;
  const journalBytes = bytesUnder(root);
  rmSync(root, { recursive: true, force: true });

  // 3: one bucket of a whole session, closed, then read security by security.
  const bucketRoot = mkdtempSync(join(tmpdir(), 'ashare-bench-bucket-'));
  const bucket = snapshotBucketOf(codeOf(0));
  const members = Array.from({ length: STOCKS }, (_, i) => i).filter((i) => snapshotBucketOf(codeOf(i)) === bucket);
  const start = Date.parse(`${DAY}T09:30:00+08:00`);
  let now = start;
  const recorder = new SnapshotRecorder(bucketRoot, logger, () => new Date(now), Number.MAX_SAFE_INTEGER);
  for (let n = 0; n < SESSION_SWEEPS; n++) {
    now = start + n * 3000;
    recorder.record(
      members.map((i) => snapshotOf(i, n, now)),
      'tencent',
    );
    if (n % 100 === 99) await recorder.flush();
  }
  await recorder.stop();
  const closing = performance.now();
  await closeDay(bucketRoot, DAY);
  const closeSeconds = (performance.now() - closing) / 1000;
  const bucketBytes = bytesUnder(bucketRoot);
  const readAll = async (evict: () => boolean, rounds: number) => {
    const times: number[] = [];
    let evicted = false;
    for (let round = 0; round < rounds; round++)
      for (const i of members) {
        evicted = evict();
        const began = performance.now();
        const rows = await securityDay(bucketRoot, DAY, codeOf(i));
        times.push(performance.now() - began);
        if (rows.length !== SESSION_SWEEPS) throw new Error(`${codeOf(i)}: ${rows.length} snapshots`);
      }
    times.sort((a, b) => a - b);
    const at = (p: number) => round2(times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!);
    return { reads: times.length, evicted, p50_ms: at(0.5), p99_ms: at(0.99) };
  };
  // A server that has answered such reads before: its code compiled and in memory; the day's file is what is cold.
  for (const i of members) await securityDay(bucketRoot, DAY, codeOf(i));
  const fileCold = await readAll(() => evictFiles(bucketRoot), FILE_COLD_ROUNDS);
  const allCold = await readAll(dropCaches, 1);
  rmSync(bucketRoot, { recursive: true, force: true });

  const result = {
    securities: STOCKS,
    sweeps_recorded: SWEEPS,
    recording: {
      paced: PACED ? 'real time' : 'as fast as recorded',
      market_seconds: SWEEPS * 3,
      cpu_seconds: round2(child.cpuSeconds),
      share_of_one_core: round2(child.cpuSeconds / (SWEEPS * 3)),
      // The process's whole CPU, the generated feed's snapshots and the collection of their garbage included.
      share_of_one_core_with_the_feed: round2(child.withFeedCpuSeconds / (SWEEPS * 3)),
      rss_growth_mb: round2(child.rssGrowthMb),
      retained_mb: round2(child.retainedMb),
    },
    bytes: {
      journal_per_snapshot: round2(journalBytes / snapshots),
      // From the whole session's bucket: a file of a few minutes is mostly its row groups' overhead.
      closed_per_snapshot: round2(bucketBytes / (members.length * SESSION_SWEEPS)),
      journal_per_session_gb: round2(((journalBytes / snapshots) * STOCKS * SESSION_SWEEPS) / 2 ** 30),
      closed_per_session_gb: round2(((bucketBytes / members.length) * STOCKS) / 2 ** 30),
      session_bucket_file_mb: round2(bucketBytes / MB),
      session_bucket_close_seconds: round2(closeSeconds),
    },
    one_security_day: {
      securities: members.length,
      snapshots_each: SESSION_SWEEPS,
      file_cold: fileCold,
      page_cache_dropped: allCold,
    },
    targets: { shareOfOneCore: 0.1, rssGrowthMb: 50, p99Ms: 100 },
    buckets: SNAPSHOT_BUCKETS,
    load_average_1m: round2(loadavg()[0]!),
    measured_at: new Date().toISOString(),
  };
  writeFileSync(`bench/results/snapshots${PACED ? '-realtime' : ''}.json`, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
}

if (process.argv[2] === '--child') await recordChild(process.argv[3]!);
else await main();
