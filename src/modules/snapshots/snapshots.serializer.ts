import type { components } from '../../../generated/api';
import { SNAPSHOT_NUMBER_COLUMNS, type SnapshotRecord } from '../../domain/market/snapshotRecords';
import { exchangeDateTime } from '../../domain/time/clock';

type WireSnapshot = components['schemas']['Snapshot'];

/** An instant as ISO 8601 to the millisecond at Beijing's offset. */
const instantAtBeijingOffset = (epochMs: number) => {
  const wall = exchangeDateTime(new Date(epochMs));
  return `${wall.replace(' ', 'T')}.${String(epochMs % 1000).padStart(3, '0')}+08:00`;
};

export function toSnapshot(record: SnapshotRecord): WireSnapshot {
  return {
    taken_at: instantAtBeijingOffset(record.taken_at),
    source: record.source,
    quote_time: exchangeDateTime(new Date(record.quote_time)),
    ...(Object.fromEntries(SNAPSHOT_NUMBER_COLUMNS.map((name, i) => [name, record.numbers[i]])) as Pick<
      WireSnapshot,
      (typeof SNAPSHOT_NUMBER_COLUMNS)[number]
    >),
    suspended: record.suspended,
  };
}
