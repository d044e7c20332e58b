import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { Snapshot } from '../../src/domain/market/quotes';
import { SnapshotRecorder } from '../../src/live/snapshotRecorder';
import { closeDueDays } from '../../src/live/snapshotDays';
import { snapshotAt } from './quoteServer';

const logger = pino({ level: 'silent' });

/** 000001.SZ's snapshots the sample recorder took: the sessions of 2024-12-30 and 31, each taken as stamped. */
const SAMPLES: Array<[day: string, time: string, last: number]> = [
  ['2024-12-30', '09:30:03', 11.7],
  ['2024-12-30', '14:59:58', 11.77],
  ['2024-12-31', '09:30:03', 11.8],
  ['2024-12-31', '10:15:06', 11.85],
  ['2024-12-31', '15:00:00', 11.99],
];

let recorded: Promise<string> | undefined;

/**
 * A directory of recorded snapshots for the servers of the tests (once a process): the two days of SAMPLES,
 * recorded as the feed would and closed after their sessions.
 */
export function sampleSnapshotDir(): Promise<string> {
  recorded ??= (async () => {
    const root = mkdtempSync(join(tmpdir(), 'ashare-recorded-'));
    let takenAt = new Date();
    const recorder = new SnapshotRecorder(root, logger, () => takenAt);
    for (const [day, time, last] of SAMPLES) {
      takenAt = new Date(`${day}T${time}+08:00`);
      const snapshot: Snapshot = snapshotAt(day, '000001.SZ', '平安银行', time, {
        last,
        open: 11.7,
        high: Math.max(11.7, last),
        low: 11.7,
        pre_close: 11.7,
        volume: 100_000,
        amount: 100_000 * last,
        bids: [[last, 500]],
        asks: [[last + 0.01, 300]],
      });
      recorder.record([snapshot], 'tencent');
      await recorder.flush();
    }
    await recorder.stop();
    await closeDueDays(root, new Date('2024-12-31T16:00:00+08:00'), null, logger);
    return root;
  })();
  return recorded;
}
