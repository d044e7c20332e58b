import type { Db } from '../../db/connection';
import type { OpenCount } from '../../domain/quality/findings';
import type { FindingRow } from './freshness.types';

/** Which findings a page lists. */
export interface FindingFilter {
  status: 'open' | 'resolved' | 'all';
  check?: string;
  severity?: string;
  /** One security's codes (current first), or null. */
  codes: readonly string[] | null;
  begin?: string;
  end?: string;
  /** The plan's newest visible day (null: all). */
  through: string | null;
}

/** The open findings by check and severity, of the days through `through` (null: all; of one security with `tsCode`). */
export async function openFindingCounts(db: Db, through: string | null, tsCode?: string): Promise<OpenCount[]> {
  const query = db('quality_findings').whereNull('resolved_at');
  if (through !== null) query.where('trade_date', '<=', through);
  if (tsCode !== undefined) query.where('ts_code', tsCode);
  const rows: Array<{ check_name: string; severity: string; open: unknown }> = await query
    .groupBy('check_name', 'severity')
    .orderBy('check_name')
    .select('check_name', 'severity')
    .count({ open: '*' });
  return rows.map((row) => ({ check: String(row.check_name), severity: String(row.severity), open: Number(row.open) }));
}

/** A page of findings, newest day first, and the count of all that match. */
export async function findingsPage(
  db: Db,
  filter: FindingFilter,
  window: { limit: number; offset: number },
): Promise<{ rows: FindingRow[]; total: number }> {
  const matching = () => {
    const query = db('quality_findings');
    if (filter.status === 'open') query.whereNull('resolved_at');
    if (filter.status === 'resolved') query.whereNotNull('resolved_at');
    if (filter.check !== undefined) query.where('check_name', filter.check);
    if (filter.severity !== undefined) query.where('severity', filter.severity);
    if (filter.codes !== null) query.whereIn('ts_code', [...filter.codes]);
    if (filter.begin !== undefined) query.where('trade_date', '>=', filter.begin);
    if (filter.end !== undefined) query.where('trade_date', '<=', filter.end);
    if (filter.through !== null) query.where('trade_date', '<=', filter.through);
    return query;
  };
  const counted = await matching().count({ total: '*' }).first();
  const rows = await matching()
    .orderBy([
      { column: 'trade_date', order: 'desc' },
      { column: 'check_name' },
      { column: 'ts_code' },
      { column: 'item' },
    ])
    .limit(window.limit)
    .offset(window.offset)
    .select('*');
  return { rows, total: Number(counted?.total ?? 0) };
}
