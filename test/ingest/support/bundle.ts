import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';

/** A temporary bundle directory holding the given files (text is written as UTF-8, buffers as they are). */
export function writeBundle(files: Record<string, string | Buffer>): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'ashare-bundle-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every row of a table in a stable order, as JSON-comparable values. */
export async function snapshot(db: Knex, table: string): Promise<unknown[]> {
  const rows = await db(table).select('*');
  return rows.map((row) => JSON.stringify(row)).sort();
}

export const csv = (...lines: string[]) => lines.join('\n') + '\n';

/** The data rows of a generated CSV file (no quoting), split into cells. */
export const rowsOf = (dir: string, file: string) =>
  readFileSync(join(dir, file), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));

export const DAILY_HEADER = 'ts_code,trade_date,open,high,low,close,pre_close,change,pct_chg,vol,amount';
