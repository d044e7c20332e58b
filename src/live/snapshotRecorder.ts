import { mkdir, open, readFile, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from 'pino';
import { groupBy } from '../domain/api/collections';
import { exchangeToday } from '../domain/time/clock';
import type { Snapshot } from '../domain/market/quotes';
import { snapshotBucketOf, snapshotRecordOf, type SnapshotRecord } from '../domain/market/snapshotRecords';
import { journalAppend, journalPath, wholeLength } from './snapshotJournal';

/**
 * How often the recorder writes what it holds: what a killed process loses at most (the snapshots of the last
 * five seconds), against a write and an fsync per bucket that had rows each time.
 */
export const SNAPSHOT_FLUSH_MS = 5000;

/**
 * Records every snapshot the live feed takes (`RECORD_SNAPSHOTS=1`; only in the process that polls), appended
 * every SNAPSHOT_FLUSH_MS to the day's journal of the security's bucket (src/domain/market/snapshotRecords.ts),
 * each append a record batch of the journal's one Arrow IPC stream made durable (fsync) before the next. The day is the Beijing date
 * the snapshot was taken; after the session `closeDueDays` turns the day's journals into its Parquet files.
 */
export class SnapshotRecorder {
  private held: SnapshotRecord[] = [];
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  /** The journals this process appended to, each cut back to its whole messages before its first append. */
  private readonly opened = new Set<string>();

  constructor(
    private readonly root: string,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
    private readonly flushMs = SNAPSHOT_FLUSH_MS,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.flushMs).unref();
  }

  /** The snapshots of one answer of `source`, taken now. */
  record(snapshots: readonly Snapshot[], source: string): void {
    const takenAt = this.clock().getTime();
    for (const snapshot of snapshots) this.held.push(snapshotRecordOf(snapshot, takenAt, source));
  }

  /** Writes what it holds (after what it is writing); resolves when it is durable. */
  flush(): Promise<void> {
    const records = this.held;
    this.held = [];
    if (records.length > 0)
      this.writing = this.writing
        .then(() => this.append(records))
        .catch((err: Error) => this.logger.error({ err: err.message, snapshots: records.length }, 'recording failed'));
    return this.writing;
  }

  /** Stops the timer and writes what it holds. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async append(records: SnapshotRecord[]): Promise<void> {
    // By day, then bucket: each group one journal, its path made once (not per record).
    for (const [day, ofDay] of groupBy(records, (record) => exchangeToday(new Date(record.taken_at))))
      for (const [bucket, rows] of groupBy(ofDay, (record) => String(snapshotBucketOf(record.ts_code))))
        await this.appendTo(journalPath(this.root, day, Number(bucket)), rows);
  }

  /** One append to a journal, durable (fsync) when it resolves. */
  private async appendTo(path: string, rows: SnapshotRecord[]): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    if (!this.opened.has(path)) {
      // A process killed in the middle of an append left a torn message: the batches appended after it must follow the last whole one.
      const journal = await readFile(path).catch(() => new Uint8Array());
      const whole = wholeLength(journal);
      if (whole < journal.length) await truncate(path, whole);
      this.opened.add(path);
    }
    const file = await open(path, 'a');
    try {
      await file.write(await journalAppend(rows, (await file.stat()).size));
      await file.sync();
    } finally {
      await file.close();
    }
  }
}
