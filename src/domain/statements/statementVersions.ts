/** One announced version of a statement for one period (Tushare keeps every version apart by `f_ann_date`). */
export interface StatementVersion {
  end_date: string;
  f_ann_date: string;
  update_flag: number | null;
}

function isNewer(a: StatementVersion, b: StatementVersion): boolean {
  if (a.f_ann_date !== b.f_ann_date) return a.f_ann_date > b.f_ann_date;
  return (a.update_flag ?? 0) > (b.update_flag ?? 0);
}

/**
 * The current version of each period, by end date: the latest `f_ann_date` (then the highest `update_flag`)
 * announced on or before `asOf` when given, so a point-in-time read never sees a later restatement.
 */
export function currentVersions<T extends StatementVersion>(rows: Iterable<T>, asOf?: string): Map<string, T> {
  const current = new Map<string, T>();
  for (const row of rows) {
    if (asOf !== undefined && row.f_ann_date > asOf) continue;
    const held = current.get(row.end_date);
    if (held === undefined || isNewer(row, held)) current.set(row.end_date, row);
  }
  return current;
}
