import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { Table, writeParquet } from 'parquet-wasm/node';

/** A table as an independent reader gives it back: its columns with their types, its rows and its metadata. */
export interface ReadTable {
  columns: Array<{ name: string; type: string }>;
  rows: Array<Record<string, unknown>>;
  metadata: Record<string, string>;
}

/**
 * Readers of the columnar forms that share no code with the service's writers: DuckDB reads Parquet (a file, or
 * a Hive-partitioned directory as one table); an Arrow IPC stream is read by arrow-rs (parquet-wasm), whose
 * table DuckDB then reads (DuckDB's own Arrow reader is an extension a machine offline cannot install).
 */
export class ColumnarReader {
  private constructor(
    private readonly connection: DuckDBConnection,
    private readonly dir: string,
  ) {}

  static async open(): Promise<ColumnarReader> {
    const instance = await DuckDBInstance.create(':memory:');
    return new ColumnarReader(await instance.connect(), mkdtempSync(join(tmpdir(), 'ashare-columnar-')));
  }

  close(): void {
    this.connection.closeSync();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** A Parquet file's table and its key-value metadata. */
  async parquet(bytes: Uint8Array): Promise<ReadTable> {
    const file = this.write(bytes);
    const table = await this.query(`SELECT * FROM read_parquet('${file}')`);
    const metadata = await this.connection.runAndReadAll(
      `SELECT decode(key) AS key, decode(value) AS value FROM parquet_kv_metadata('${file}')`,
    );
    return {
      ...table,
      metadata: Object.fromEntries(metadata.getRowObjectsJson().map((row) => [String(row.key), String(row.value)])),
    };
  }

  /** An Arrow IPC stream's table (read by arrow-rs) and its schema's metadata. */
  async arrow(bytes: Uint8Array): Promise<ReadTable> {
    const table = Table.fromIPCStream(bytes);
    const metadata = Object.fromEntries(table.schema.metadata());
    const file = this.write(writeParquet(table));
    return { ...(await this.query(`SELECT * FROM read_parquet('${file}')`)), metadata };
  }

  /** Every Parquet file under a directory as one table, its Hive partitions (`name=value` folders) as columns. */
  async directory(dir: string, orderBy: string): Promise<Omit<ReadTable, 'metadata'>> {
    return this.query(
      `SELECT * FROM read_parquet('${dir}/**/*.parquet', hive_partitioning = true) ORDER BY ${orderBy}`,
    );
  }

  private async query(sql: string): Promise<Omit<ReadTable, 'metadata'>> {
    const reader = await this.connection.runAndReadAll(sql);
    return {
      columns: reader.columnNames().map((name, i) => ({ name, type: reader.columnType(i).toString() })),
      rows: reader.getRowObjectsJson(),
    };
  }

  private written = 0;
  private write(bytes: Uint8Array): string {
    const file = join(this.dir, `${(this.written += 1)}.parquet`);
    writeFileSync(file, bytes);
    return file;
  }
}

/** DuckDB's type of each column type of the service. */
export const DUCKDB_TYPES: Record<string, string> = {
  date: 'DATE',
  timestamp: 'TIMESTAMP WITH TIME ZONE',
  int64: 'BIGINT',
  float64: 'DOUBLE',
  bool: 'BOOLEAN',
  string: 'VARCHAR',
  text: 'VARCHAR',
};

/**
 * A value DuckDB read back in the form the JSON row has it: a timestamp (`2024-06-27 07:00:00+00`) as the same
 * instant in the JSON's form (`reference`: an ISO instant, or Beijing wall time without a zone), a BIGINT (text)
 * as a number; dates, doubles, booleans and text as they are.
 */
export function asJsonValue(value: unknown, type: string, reference: unknown): unknown {
  if (value === null) return null;
  if (type === 'BIGINT') return Number(value);
  if (type !== 'TIMESTAMP WITH TIME ZONE') return value;
  const instant = new Date(String(value).replace(' ', 'T').replace(/\+00$/, 'Z'));
  if (typeof reference === 'string' && !/(Z|[+-]\d{2}:?\d{2})$/.test(reference))
    return new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  return Date.parse(String(reference)) === instant.getTime() ? reference : instant.toISOString();
}
