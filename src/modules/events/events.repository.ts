import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import { countOnce } from '../../domain/reference/codeContinuity';
import type { PageRequest } from '../../domain/api/pagination';
import type { CodeSpan } from '../../domain/reference/codeChanges';
import type { AnnouncementRow, DividendRow } from './events.types';

/** The rows of a security across its code changes, on the table's date column. */
function acrossCodes(query: Knex.QueryBuilder, spans: CodeSpan[], dateColumn: string): Knex.QueryBuilder {
  return query.where((q) => {
    for (const { code, until } of spans)
      q.orWhere((one) =>
        until === null ? one.where('ts_code', code) : one.where('ts_code', code).where(dateColumn, '<', until),
      );
  });
}

export interface EventRange {
  begin?: string;
  end?: string;
}

/**
 * Dividend stages of a security, newest announcement first (proposals without an ex-date included), the
 * range applying to `dateColumn`. A former code adds its stages announced before the change, except those
 * the current code also has (upstream copies them onto the new code: each event and stage counts once).
 */
export async function dividendsOf(
  db: Db,
  spans: CodeSpan[],
  range: EventRange,
  dateColumn: 'ann_date' | 'ex_date',
): Promise<DividendRow[]> {
  const query = acrossCodes(db('dividends'), spans, 'ann_date');
  if (range.begin) query.where(dateColumn, '>=', range.begin);
  if (range.end) query.where(dateColumn, '<=', range.end);
  const rows: DividendRow[] = await query
    .orderBy([{ column: 'ann_date', order: 'desc' }, { column: 'end_date', order: 'desc' }, { column: 'div_proc' }])
    .select(
      'ts_code',
      'end_date',
      'ann_date',
      'div_proc',
      'cash_div',
      'cash_div_tax',
      'stk_bo_rate',
      'stk_co_rate',
      'record_date',
      'ex_date',
      'pay_date',
      'div_listdate',
    );
  return countOnce(
    rows,
    spans[0]!.code,
    (row) => row.ts_code,
    (row) => `${row.end_date} ${row.div_proc}`,
  );
}

export interface AnnouncementQuery extends EventRange {
  type?: string;
}

/**
 * One page of a security's announcements, newest first, across its code changes; an announcement a former
 * code shares with the current one (same day and title) is counted once, under the current code.
 */
export async function announcementsOf(
  db: Db,
  spans: CodeSpan[],
  filter: AnnouncementQuery,
  window: PageRequest,
): Promise<{ rows: AnnouncementRow[]; total: number }> {
  const current = spans[0]!.code;
  const base = (): Knex.QueryBuilder => {
    const query = acrossCodes(db('announcements as a'), spans, 'a.ann_date');
    if (filter.begin) query.where('a.ann_date', '>=', filter.begin);
    if (filter.end) query.where('a.ann_date', '<=', filter.end);
    if (filter.type) query.where('a.type', filter.type);
    return query.whereNotExists(
      db('announcements as dup')
        .whereRaw('dup.ts_code = ? and a.ts_code <> ? and dup.ann_date = a.ann_date and dup.title = a.title', [
          current,
          current,
        ])
        .select(db.raw('1')),
    );
  };
  const [rows, [{ total }]] = await Promise.all([
    base()
      .orderBy([
        { column: 'a.ann_date', order: 'desc' },
        { column: 'a.rec_time', order: 'desc' },
        { column: 'a.title' },
        { column: 'a.id' },
      ])
      .limit(window.limit)
      .offset(window.offset)
      .select('a.ts_code', 'a.ann_date', 'a.rec_time', 'a.title', 'a.type', 'a.url'),
    base().count({ total: '*' }),
  ]);
  return { rows, total: Number(total) };
}
