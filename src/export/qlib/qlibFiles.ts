import {
  appendFileSync,
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';

/**
 * Files as a qlib process may read them at any moment: a whole file is written beside and renamed over the old
 * one (a reader has the old bytes or the new, never half), and an append is one write of whole float32 values
 * at the end, read only once the calendar (written last) reaches the sessions it adds.
 */

/** Writes `bytes` to `path` unless it holds them already; true when written. */
export function replaceFile(path: string, bytes: Buffer | string): boolean {
  const next = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  if (existsSync(path) && readFileSync(path).equals(next)) return false;
  mkdirSync(dirname(path), { recursive: true });
  const staged = `${path}.${process.pid}.tmp`;
  writeFileSync(staged, next);
  renameSync(staged, path);
  return true;
}

/** Appends whole values at the end of a feature file. */
export const appendValues = (path: string, bytes: Buffer): void => appendFileSync(path, bytes);

/** A feature file's start index and its number of values, without reading it whole; null when there is none. */
export function featureExtent(path: string): { start: number; count: number; whole: boolean } | null {
  if (!existsSync(path)) return null;
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(4);
    readSync(fd, head, 0, 4, 0);
    // A crash mid-write can leave a partial value: only whole ones count (as qlib's `len` counts them), and
    // such a file is written whole again rather than appended to.
    const size = fstatSync(fd).size;
    return { start: head.readFloatLE(0), count: Math.floor(size / 4) - 1, whole: size % 4 === 0 };
  } finally {
    closeSync(fd);
  }
}

/** A file's bytes, or null. */
export const readIfAny = (path: string): Buffer | null => (existsSync(path) ? readFileSync(path) : null);
