import { createHash, type Hash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ColumnType } from '../../domain/answers/columnTypes';
import type { ColumnarFormat } from '../../http/answers/answerFormat';
import { columnarSink } from '../../http/answers/columnarChunks';
import { columnBatch, type ColumnarSink } from '../../http/answers/columnarRows';
import type { TushareValue } from './tushare.types';

/** One file of the flat files to write: its columns, where it goes and what it held before. */
export interface FlatFileSpec {
  format: ColumnarFormat;
  columns: readonly string[];
  types: readonly ColumnType[];
  metadata: Record<string, string>;
  /** The file's path. */
  file: string;
  /** The sha256 of the bytes the file holds now (from the manifest, the file there), null when none. */
  held: string | null;
}

/** What writing a file came to: its bytes' sha256 and length, and whether they differed from what it held. */
export interface FlatFileDone {
  sha256: string;
  bytes: number;
  written: boolean;
}

/** A column of numbers (NaN for none, which the writers write as null) or of texts. */
export type PackedColumn = Float64Array | Array<string | null>;

const NUMERIC: ReadonlySet<ColumnType> = new Set(['float64', 'int64']);

/**
 * Rows as columns: numbers in a Float64Array each, which is moved to the encoding thread rather than copied
 * (copying the rows as arrays was a sixth of the reading thread's time), texts as arrays.
 */
export function packColumns(rows: readonly TushareValue[][], types: readonly ColumnType[]): PackedColumn[] {
  return types.map((type, i) => {
    if (!NUMERIC.has(type)) return rows.map((row) => (row[i] == null ? null : String(row[i])));
    const column = new Float64Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const cell = rows[r]![i];
      column[r] = cell == null ? NaN : Number(cell);
    }
    return column;
  });
}

/** The buffers of packed columns: moved, not copied, to the encoding thread. */
export const movedBuffers = (values: readonly PackedColumn[]): ArrayBuffer[] =>
  values.flatMap((column) => (column instanceof Float64Array ? [column.buffer as ArrayBuffer] : []));

/** Packed columns of consecutive row sets as one set: the sessions of a row group. */
export function concatPacked(parts: ReadonlyArray<readonly PackedColumn[]>): PackedColumn[] {
  if (parts.length === 1) return [...parts[0]!];
  return parts[0]!.map((first, i) => {
    if (!(first instanceof Float64Array)) return parts.flatMap((part) => part[i] as Array<string | null>);
    const column = new Float64Array(parts.reduce((sum, part) => sum + part[i]!.length, 0));
    let at = 0;
    for (const part of parts) {
      column.set(part[i] as Float64Array, at);
      at += part[i]!.length;
    }
    return column;
  });
}

/**
 * A file written a row group at a time to a temporary name beside it, hashed as it goes; when it ends, renamed
 * over the file if its bytes differ from what the file held, else dropped: a reader never sees a half-written
 * file, and a file whose rows did not change keeps its bytes (and its ETag).
 */
export class FlatFileWriter {
  private readonly hash: Hash = createHash('sha256');
  private readonly temporary: string;
  private readonly fd: number;
  private readonly sink: ColumnarSink;
  private bytes = 0;
  private closed = false;

  constructor(private readonly spec: FlatFileSpec) {
    mkdirSync(dirname(spec.file), { recursive: true });
    // The process's own name: two writers of one directory never write the same temporary file.
    this.temporary = `${spec.file}.${process.pid}.tmp`;
    this.fd = openSync(this.temporary, 'w');
    this.sink = columnarSink(spec.format, spec, (chunk) => {
      this.hash.update(chunk);
      this.bytes += chunk.length;
      writeSync(this.fd, chunk);
    });
  }

  write(values: readonly PackedColumn[]): void {
    this.sink.write(columnBatch(values));
  }

  finish(): FlatFileDone {
    this.sink.finish();
    this.close();
    const sha256 = this.hash.digest('hex');
    const written = sha256 !== this.spec.held;
    if (written) renameSync(this.temporary, this.spec.file);
    else rmSync(this.temporary);
    return { sha256, bytes: this.bytes, written };
  }

  /** Stops without touching the file (the run failed). */
  abandon(): void {
    this.close();
    rmSync(this.temporary, { force: true });
  }

  private close(): void {
    if (!this.closed) closeSync(this.fd);
    this.closed = true;
  }
}

/** A file written whole or not at all: to a temporary name beside it, then renamed over it. */
export function writeAtomically(path: string, bytes: Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.${process.pid}.tmp`, bytes);
  renameSync(`${path}.${process.pid}.tmp`, path);
}
