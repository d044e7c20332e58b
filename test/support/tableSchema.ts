import type { Knex } from 'knex';
import { isSqlite } from '../../src/db/dialect';
import type { ColumnKind, TableLayout } from '../../src/domain/tables/tableLayout';

/** A migrated table's column as the database describes it: its type's family and whether it takes nulls. */
export interface StoredColumn {
  type: 'text' | 'number' | 'integer' | 'date' | 'datetime' | 'other';
  nullable: boolean;
}

/** A migrated table: its columns by name and its primary key in order. */
export interface StoredTable {
  columns: Map<string, StoredColumn>;
  key: string[];
}

/** The family of a SQL type name, as both engines spell them (SQLite keeps Knex's declared names). */
function familyOf(sqlType: string): StoredColumn['type'] {
  const type = sqlType.toLowerCase();
  if (/char|text|enum/.test(type)) return 'text';
  if (/^(double|float|real|decimal|numeric)/.test(type)) return 'number';
  if (/int/.test(type) || type === 'boolean') return 'integer';
  if (type === 'date') return 'date';
  if (/datetime|timestamp/.test(type)) return 'datetime';
  return 'other';
}

/** The migrated table `name` as the database describes it. */
export async function storedTable(db: Knex, name: string): Promise<StoredTable> {
  if (isSqlite(db)) {
    const rows: Array<{ name: string; type: string; notnull: number; pk: number }> = await db.raw(
      `pragma table_info(${name})`,
    );
    return {
      columns: new Map(
        rows.map((row) => [row.name, { type: familyOf(row.type), nullable: row.notnull === 0 && row.pk === 0 }]),
      ),
      key: rows
        .filter((row) => row.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((row) => row.name),
    };
  }
  const [columns] = await db.raw(
    'select column_name as name, data_type as type, is_nullable as nullable from information_schema.columns where table_schema = database() and table_name = ?',
    [name],
  );
  const [key] = await db.raw(
    "select column_name as name from information_schema.key_column_usage where table_schema = database() and table_name = ? and constraint_name = 'PRIMARY' order by ordinal_position",
    [name],
  );
  return {
    columns: new Map(
      (columns as Array<{ name: string; type: string; nullable: string }>).map((row) => [
        row.name,
        { type: familyOf(row.type), nullable: row.nullable === 'YES' },
      ]),
    ),
    key: (key as Array<{ name: string }>).map((row) => row.name),
  };
}

/** The column type a registry's kind is stored as. */
const STORED_AS: Record<ColumnKind, StoredColumn['type']> = {
  code: 'text',
  text: 'text',
  number: 'number',
  integer: 'integer',
  date: 'date',
  datetime: 'datetime',
  level: 'integer',
};

/**
 * Where a registry and its migrated table disagree, one line each: a column the table lacks, a kind stored as
 * another type, a required column (or a key column) that takes nulls, a key that is not the table's primary key.
 */
export function drift(layout: TableLayout<string>, table: StoredTable): string[] {
  const found: string[] = [];
  if (table.columns.size === 0) return [`${layout.table}: no such table`];
  for (const [name, column] of Object.entries(layout.columns)) {
    const stored = table.columns.get(name);
    if (stored === undefined) {
      found.push(`${layout.table}.${name}: not in the table`);
      continue;
    }
    if (stored.type !== STORED_AS[column.kind])
      found.push(`${layout.table}.${name}: ${column.kind} in the registry, ${stored.type} in the table`);
    if ((column.required || layout.key.includes(name)) && stored.nullable)
      found.push(`${layout.table}.${name}: required in the registry, nullable in the table`);
  }
  if (layout.key.join(',') !== table.key.join(','))
    found.push(
      `${layout.table}: key (${layout.key.join(', ')}) in the registry, (${table.key.join(', ')}) in the table`,
    );
  return found;
}
