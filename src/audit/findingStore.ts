import type { Knex } from 'knex';
import { toSqlDateTime } from '../domain/time/dates';
import { CHECK_NAMES, CHECKS, type CheckName, type Finding } from '../domain/quality/findings';
import { differenceFindings, type FieldDifference } from '../domain/quality/sourceChecks';

/** What one audit looked at: the checks run, the securities (null: all, and the whole market), the days. */
export interface AuditScope {
  checks: readonly CheckName[];
  symbols: readonly string[] | null;
  since: string | null;
  until: string | null;
  /** Of `source_mismatch`, the sources compared (its items): the audit compares the live feed's. */
  sources?: readonly string[];
}

const keyOf = (finding: Finding) => ({
  check_name: finding.check,
  ts_code: finding.symbol ?? '',
  trade_date: finding.date,
  item: finding.item,
});

/**
 * Keeps a batch of an audit's findings in one transaction, each marked with the audit's time: one open before is
 * seen again (its figures as now); any other is new (first seen now; one resolved earlier is found again as new).
 * Returns the new ones. Nothing of the audit is held beyond its batch: `resolveUnseen` sweeps afterwards.
 */
export async function recordBatch(db: Knex, findings: readonly Finding[], at: Date): Promise<Finding[]> {
  if (findings.length === 0) return [];
  const seen = toSqlDateTime(at);
  return db.transaction(async (trx) => {
    const added: Finding[] = [];
    for (const finding of findings) {
      const values = { severity: CHECKS[finding.check], detail: JSON.stringify(finding.detail), last_seen: seen };
      const key = keyOf(finding);
      if ((await trx('quality_findings').where(key).whereNull('resolved_at').update(values)) > 0) continue;
      await trx('quality_findings').where(key).delete();
      await trx('quality_findings').insert({ ...key, ...values, first_seen: seen, resolved_at: null });
      added.push(finding);
    }
    return added;
  });
}

/**
 * Resolves every open finding of the scope the audit at `at` did not see again: a later load fixed its row.
 * Returns how many.
 */
export async function resolveUnseen(db: Knex, scope: AuditScope, at: Date): Promise<number> {
  const seen = toSqlDateTime(at);
  const open = db('quality_findings')
    .whereNull('resolved_at')
    .whereIn('check_name', [...scope.checks])
    .where('last_seen', '<', seen);
  if (scope.symbols !== null) open.whereIn('ts_code', [...scope.symbols]);
  if (scope.since !== null) open.where('trade_date', '>=', scope.since);
  if (scope.until !== null) open.where('trade_date', '<=', scope.until);
  open.where((q) => q.whereNot('check_name', 'source_mismatch').orWhereIn('item', [...(scope.sources ?? ['live'])]));
  return open.update({ resolved_at: seen });
}

/**
 * Another source's differences from the stored days (`sync baostock --check`) kept as `source_mismatch`
 * findings of that source, those of the same securities and days no longer found resolved.
 */
export async function keepSourceDifferences(
  db: Knex,
  source: string,
  differences: readonly FieldDifference[],
  scope: Pick<AuditScope, 'symbols' | 'since' | 'until'>,
  at: Date,
): Promise<void> {
  await recordBatch(db, differenceFindings(source, differences), at);
  await resolveUnseen(db, { ...scope, checks: ['source_mismatch'], sources: [source] }, at);
}

/** How many error findings are open in the store, whatever their day or security. */
export async function openErrorCount(db: Knex): Promise<number> {
  const row = await db('quality_findings')
    .whereNull('resolved_at')
    .whereIn('check_name', ERROR_CHECKS)
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

const ERROR_CHECKS = CHECK_NAMES.filter((check) => CHECKS[check] === 'error');
