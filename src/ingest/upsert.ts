import type { Knex } from 'knex';
import { escape } from 'mysql2';
import { isSqlite } from '../db/connection';
import type { Row } from './loadTable';

export interface UpsertSpec {
  table: string;
  key: string[];
  /** Columns an existing row keeps. */
  keep?: string[];
  /** `ignore` leaves existing rows alone. */
  onConflict?: 'merge' | 'ignore';
}

/**
 * One multi-row INSERT … ON CONFLICT/ON DUPLICATE KEY per batch, written directly: Knex's builder spends more
 * time composing a 1,000-row insert than the database spends storing it, and on SQLite it emits
 * `UNION ALL` selects capped at 500 terms.
 */
export async function upsertRows(trx: Knex.Transaction, spec: UpsertSpec, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const fixed = new Set([...spec.key, ...(spec.keep ?? [])]);
  const updated = spec.onConflict === 'ignore' ? [] : columns.filter((column) => !fixed.has(column));
  const sqlite = isSqlite(trx);
  const quote = (name: string) => (sqlite ? `"${name}"` : `\`${name}\``);
  let sql = `insert ${!sqlite && updated.length === 0 ? 'ignore ' : ''}into ${quote(spec.table)} (${columns.map(quote).join(',')}) values `;
  if (sqlite) {
    const tuple = `(${columns.map(() => '?').join(',')})`;
    sql += rows.map(() => tuple).join(',');
    sql += ` on conflict (${spec.key.map(quote).join(',')}) do ${updated.length === 0 ? 'nothing' : `update set ${updated.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(', ')}`}`;
    const bindings: Knex.RawBinding[] = [];
    for (const row of rows) for (const column of columns) bindings.push(toBinding(row[column]));
    await trx.raw(sql, bindings);
    return;
  }
  // MySQL: literal values (numbers as text, strings escaped by mysql2), so neither Knex nor mysql2 scans
  // 10,000 placeholders per batch; `?` inside strings is escaped for Knex's raw parser.
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    sql += r === 0 ? '(' : ',(';
    for (let c = 0; c < columns.length; c++) sql += (c === 0 ? '' : ',') + literal(row[columns[c]!]);
    sql += ')';
  }
  if (updated.length > 0) sql += ` on duplicate key update ${updated.map((c) => `${quote(c)} = values(${quote(c)})`).join(', ')}`;
  await trx.raw(sql);
}

function literal(value: Row[string] | undefined): string {
  if (value === undefined || value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`number out of range: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? '1' : '0';
  return escape(value).replaceAll('?', '\\?');
}

function toBinding(value: Row[string] | undefined): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}
