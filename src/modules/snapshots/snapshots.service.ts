import { noData, invalidCursor } from '../../domain/api/errors';
import { readCursor, signCursor } from '../../domain/api/cursor';
import { beijingWallTimeToEpochMs } from '../../domain/time/clock';
import type { SnapshotRecord } from '../../domain/market/snapshotRecords';
import type { Visibility } from '../../domain/time/marketTime';
import { recordedDates, securityDay } from './snapshots.repository';

/** Where a page ends: the security, the day and how many of its snapshots came before. */
interface SnapshotCursor {
  s: string;
  d: string;
  o: number;
}

export interface SnapshotPage {
  snapshots: SnapshotRecord[];
  cursor: string | null;
  hasMore: boolean;
}

/**
 * One page of a security's recorded snapshots of a day (default the latest recorded), in the order taken, those
 * the plan's minute delay hides left out. A day not recorded, or no snapshot of the security that day → no_data.
 */
export async function snapshotPage(
  root: string | undefined,
  request: { tsCode: string; date?: string; cursor?: string; limit: number },
  visibility: Visibility,
  secret: string,
): Promise<SnapshotPage> {
  const position = request.cursor === undefined ? null : readCursor<SnapshotCursor>(request.cursor, secret);
  if (position && (position.s !== request.tsCode || (request.date !== undefined && request.date !== position.d)))
    throw invalidCursor('Invalid cursor: it belongs to another symbol or date');
  const days = root === undefined ? [] : await recordedDates(root);
  const date = position?.d ?? request.date ?? days.at(-1);
  if (root === undefined || date === undefined || !days.includes(date))
    throw noData(date === undefined ? 'No snapshots are recorded here' : `No snapshots recorded on ${date}`);
  const cutoff = visibility.minuteThrough === null ? null : beijingWallTimeToEpochMs(visibility.minuteThrough);
  const all = (await securityDay(root, date, request.tsCode)).sort((a, b) => a.taken_at - b.taken_at);
  const seen = cutoff === null ? all : all.filter((record) => record.taken_at <= cutoff + 999);
  if (seen.length === 0) throw noData(`No snapshots of ${request.tsCode} recorded on ${date} that your plan sees yet`);
  const from = position?.o ?? 0;
  const snapshots = seen.slice(from, from + request.limit);
  const hasMore = from + request.limit < seen.length;
  const cursor = hasMore ? signCursor({ s: request.tsCode, d: date, o: from + request.limit }, secret) : null;
  return { snapshots, cursor, hasMore };
}
