import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ColumnType } from '../../domain/api/columnTypes';
import type { ColumnarFormat } from '../../http/answers/answerFormat';
import { columnarChunks } from '../../http/answers/columnarChunks';
import type { TushareValue } from './tushare.types';

/** One session's file of the export to encode: its rows, their columns, where it goes, what it held before. */
export interface FlatFileJob {
  format: ColumnarFormat;
  columns: readonly string[];
  types: readonly ColumnType[];
  metadata: Record<string, string>;
  rows: TushareValue[][];
  /** The file's path. */
  file: string;
  /** The sha256 of the bytes the file holds now (from the manifest, the file there), null when none. */
  held: string | null;
}

/** What encoding a file came to: its bytes' sha256, and whether they differed from what it held and were written. */
export interface FlatFileDone {
  sha256: string;
  written: boolean;
}

/** A session's rows encoded, hashed and written over the file when the bytes differ from what it holds. */
export function encodeFlatFile(job: FlatFileJob): FlatFileDone {
  const { format, columns, types, metadata, rows } = job;
  const bytes = Buffer.concat([...columnarChunks(format, { columns, types, metadata, batches: [rows] })]);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const written = sha256 !== job.held;
  if (written) writeAtomically(job.file, bytes);
  return { sha256, written };
}

/** A file written whole or not at all: to a temporary name beside it, then renamed over it. */
export function writeAtomically(path: string, bytes: Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, bytes);
  renameSync(`${path}.tmp`, path);
}
