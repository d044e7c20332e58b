import { addDays } from './calendar';

/**
 * Minute bars and ticks on MySQL/MariaDB are range-partitioned by trade day (`TO_DAYS(trade_time)`), so that
 * retention drops a day's partition (a file unlinked: milliseconds) instead of deleting its rows (about
 * 1.3 M for the whole market, a statement that competes with every reader for minutes). A partition is named
 * by its exclusive upper bound, `before_YYYYMMDD`; a last partition `p_future` (MAXVALUE) takes what lies
 * past them all.
 */
export const FUTURE_PARTITION = 'p_future';

/** `before_20261125` → `2026-11-25` (the first day the partition does not hold); null for other names. */
export function partitionBound(name: string): string | null {
  const match = /^before_(\d{4})(\d{2})(\d{2})$/.exec(name);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

export const partitionName = (bound: string): string => `before_${bound.replaceAll('-', '')}`;

export interface PartitionPlan {
  /** Upper bounds of the partitions to split off `p_future`, ascending. */
  add: string[];
  /** Partitions holding only days before `keepFrom`. */
  drop: string[];
}

/**
 * What retention does to a table whose partitions are `existing` (names, in order): drop every partition
 * whose rows all lie before `keepFrom`, and split `p_future` so that each day up to `through` has a partition
 * of its own. A day at or below the highest existing bound keeps the partition it has (a coarse first
 * partition, made when the table was first split, holds older rows and is emptied by batched deletes).
 */
export function planPartitions(existing: readonly string[], keepFrom: string, through: string): PartitionPlan {
  const bounds = existing.map(partitionBound).filter((bound): bound is string => bound !== null);
  const drop = bounds.filter((bound) => bound <= keepFrom).map(partitionName);
  const highest = bounds.at(-1);
  const add: string[] = [];
  // The first new partition ends where the retention window starts, or a day after the highest bound.
  for (
    let bound = highest === undefined || highest < keepFrom ? keepFrom : addDays(highest, 1);
    bound <= addDays(through, 1);
    bound = addDays(bound, 1)
  )
    add.push(bound);
  return { add, drop };
}
