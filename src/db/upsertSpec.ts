/** What the bulk writers of src/db share: a converted row, where it goes and what it replaces. */

/** A converted row: column → value. */
export type Row = Record<string, string | number | boolean | null>;

export interface UpsertSpec {
  table: string;
  key: string[];
  /** Columns an existing row keeps. */
  keep?: string[];
  /** `ignore` leaves existing rows alone. */
  onConflict?: 'merge' | 'ignore';
}

/** The columns an upsert of `columns` replaces in an existing row. */
export function updatedColumns(spec: UpsertSpec, columns: string[]): string[] {
  const fixed = new Set([...spec.key, ...(spec.keep ?? [])]);
  return spec.onConflict === 'ignore' ? [] : columns.filter((column) => !fixed.has(column));
}

/** Where a load's batches go, inside its transaction. */
export interface TableWriter {
  write(rows: Row[]): Promise<void>;
  /** After the last batch: whatever the writer held back is in the table. */
  finish(): Promise<void>;
}
