import type { Knex } from 'knex';
import { toSqlDateTime } from '../../domain/time/dates';
import { CHECKS, findingKey, type CheckName, type Finding } from '../../domain/quality/findings';

/** What one audit looked at: the checks run, the securities (null: all, and the whole market), the days. */
export interface AuditScope {
  checks: readonly CheckName[];
  symbols: readonly string[] | null;
  since: string | null;
  until: string | null;
}

const keyOfRow = (row: { check_name: string; ts_code: string; trade_date: unknown; item: string }) =>
  findingKey({
    check: row.check_name as CheckName,
    symbol: row.ts_code === '' ? null : row.ts_code,
    date: String(row.trade_date).slice(0, 10),
    item: row.item,
  });

const whereKey = (query: Knex.QueryBuilder, finding: Finding) =>
  query.where({
    check_name: finding.check,
    ts_code: finding.symbol ?? '',
    trade_date: finding.date,
    item: finding.item,
  });

/**
 * Keeps an audit's findings in one transaction: a finding not open before is new (first seen now; one resolved
 * earlier is found again as new), one open before is seen again (its figures as now), and every open finding of
 * the scope the audit no longer found is resolved: a later load fixed its row. Returns the new ones and how
 * many were resolved.
 */
export async function recordFindings(
  db: Knex,
  findings: readonly Finding[],
  scope: AuditScope,
  now: Date,
): Promise<{ added: Finding[]; resolved: number }> {
  const at = toSqlDateTime(now);
  return db.transaction(async (trx) => {
    const open = trx('quality_findings')
      .whereNull('resolved_at')
      .whereIn('check_name', [...scope.checks]);
    if (scope.symbols !== null) open.whereIn('ts_code', [...scope.symbols]);
    if (scope.since !== null) open.where('trade_date', '>=', scope.since);
    if (scope.until !== null) open.where('trade_date', '<=', scope.until);
    const before = new Map(
      (await open.select('check_name', 'ts_code', 'trade_date', 'item')).map((row) => [keyOfRow(row), row]),
    );
    const added: Finding[] = [];
    for (const finding of findings) {
      const key = findingKey(finding);
      const values = { severity: CHECKS[finding.check], detail: JSON.stringify(finding.detail), last_seen: at };
      if (before.delete(key)) {
        await whereKey(trx('quality_findings'), finding).update(values);
        continue;
      }
      await whereKey(trx('quality_findings'), finding).delete();
      await trx('quality_findings').insert({
        check_name: finding.check,
        ts_code: finding.symbol ?? '',
        trade_date: finding.date,
        item: finding.item,
        ...values,
        first_seen: at,
        resolved_at: null,
      });
      added.push(finding);
    }
    for (const row of before.values())
      await trx('quality_findings')
        .where({ check_name: row.check_name, ts_code: row.ts_code, trade_date: row.trade_date, item: row.item })
        .update({ resolved_at: at });
    return { added, resolved: before.size };
  });
}
