import { noData, invalidCursor } from '../../domain/api/errors';
import { readCursor, signCursor } from '../../domain/api/cursor';
import { epochMillis } from '../../domain/answers/columnTypes';
import { minuteKlinesOfSnapshots, type SnapshotRecord } from '../../domain/market/snapshotRecords';
import type { Kline } from '../../domain/market/klines';
import type { Visibility } from '../../domain/time/marketTime';
import { recordedDates, securityDay } from './snapshots.repository';

/** Where a page ends: the security, the day and how many of its snapshots came before. */
interface SnapshotCursor {
  s: string;
  d: string;
  o: number;
}

/** The recorded day asked (default the latest), or no_data naming why there is none. */
async function recordedDay(root: string | undefined, date: string | undefined): Promise<string> {
  const days = root === undefined ? [] : await recordedDates(root);
  const day = date ?? days.at(-1);
  if (root === undefined || day === undefined || !days.includes(day))
    throw noData(day === undefined ? 'No snapshots are recorded here' : `No snapshots recorded on ${day}`);
  return day;
}

/** A security's snapshots of a day that the plan's minute delay lets it see, in the order taken. */
async function seenOfDay(root: string, date: string, tsCode: string, visibility: Visibility) {
  const cutoff = visibility.minuteThrough === null ? null : epochMillis(visibility.minuteThrough);
  const all = (await securityDay(root, date, tsCode)).sort((a, b) => a.taken_at - b.taken_at);
  const seen = cutoff === null ? all : all.filter((record) => record.taken_at <= cutoff + 999);
  if (seen.length === 0) throw noData(`No snapshots of ${tsCode} recorded on ${date} that your plan sees yet`);
  return seen;
}

/** A security's one-minute bars of a recorded day, rebuilt from the snapshots the plan sees. */
export async function snapshotMinutes(
  root: string | undefined,
  request: { tsCode: string; date?: string },
  visibility: Visibility,
): Promise<{ date: string; bars: Kline[] }> {
  const date = await recordedDay(root, request.date);
  return { date, bars: minuteKlinesOfSnapshots(await seenOfDay(root!, date, request.tsCode, visibility)) };
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
  const date = await recordedDay(root, position?.d ?? request.date);
  const seen = await seenOfDay(root!, date, request.tsCode, visibility);
  const from = position?.o ?? 0;
  const snapshots = seen.slice(from, from + request.limit);
  const hasMore = from + request.limit < seen.length;
  const cursor = hasMore ? signCursor({ s: request.tsCode, d: date, o: from + request.limit }, secret) : null;
  return { snapshots, cursor, hasMore };
}
