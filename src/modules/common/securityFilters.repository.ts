import type { Knex } from 'knex';
import type { Db } from '../../db/connection';
import { kindPrefixes, toStandard } from '../../domain/reference/symbols';
import { INDEX_CODE_RANGES } from '../../domain/reference/securityDirectory';

/**
 * The name a security had on `date`, as a column `as`: its latest name change started on or before that day
 * (one backward step of the name_changes primary key), else its name now (`nameColumn`).
 */
export function nameOnDate(db: Db, codeColumn: string, nameColumn: string, date: string, as: string): Knex.Raw {
  return db.raw(
    `coalesce((select n.name from name_changes n where n.ts_code = ${codeColumn} and n.start_date <= ? order by n.start_date desc limit 1), ${nameColumn}) as ${as}`,
    [date],
  );
}

/**
 * A security's kind in SQL: its reference row's, or by its code when the reference list lacks it (the demo's
 * lacks some stocks delisted since and may lack an index of index_daily): the same ranges as `kindByCode`.
 */
export function kindSql(codeColumn: string, kindColumn: string): string {
  const like = (ranges: Array<{ prefix: string; suffix: string }>) =>
    ranges.map(({ prefix, suffix }) => `${codeColumn} like '${prefix}%${suffix}'`).join(' or ');
  const rangesOf = (kind: 'etf' | 'convertible') =>
    kindPrefixes(kind).map(({ prefix, exchange }) => ({ prefix, suffix: toStandard('', exchange) }));
  return `coalesce(${kindColumn}, case when ${like([...INDEX_CODE_RANGES])} then 'index' when ${like(rangesOf('etf'))} then 'etf' when ${like(rangesOf('convertible'))} then 'convertible' else 'stock' end)`;
}
