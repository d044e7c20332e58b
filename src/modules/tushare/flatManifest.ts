import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_FILE, type FlatDataset, type FlatFileEntry, type FlatManifest } from '../../domain/tables/flatLayout';
import { writeAtomically } from './flatFileEncoding';

/** The flat directory's manifest as a run keeps it: read at the start, changed file by file, written last. */
export class FlatManifestFile {
  private readonly entries = new Map<string, FlatFileEntry>();
  private readonly file: string;
  /** Files a rewrite took the place of (a closed month's days): deleted once the manifest no longer lists them. */
  private readonly superseded = new Set<string>();
  readonly previous: FlatManifest | null;

  constructor(private readonly dir: string) {
    this.file = join(dir, MANIFEST_FILE);
    this.previous = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as FlatManifest) : null;
    for (const entry of this.previous?.files ?? []) this.entries.set(entry.path, entry);
  }

  /** The sha256 of the bytes a file holds, as last recorded; null when it was never written or is gone. */
  held(path: string): string | null {
    const known = this.entries.get(path);
    return known !== undefined && existsSync(join(this.dir, path)) ? known.sha256 : null;
  }

  filesOf(dataset: string): FlatFileEntry[] {
    return [...this.entries.values()].filter((entry) => entry.dataset === dataset);
  }

  set(entry: FlatFileEntry): void {
    this.entries.set(entry.path, entry);
    this.superseded.delete(entry.path);
  }

  /** A file no longer listed (its rows are gone, or another file holds them): deleted after the next save. */
  remove(path: string): void {
    if (this.entries.delete(path)) this.superseded.add(path);
  }

  /** How many files the next save deletes. */
  pendingRemovals(): number {
    return this.superseded.size;
  }

  /** Writes the manifest whole (temporary file, rename), then deletes the files it no longer lists. */
  save(
    state: Omit<FlatManifest, 'files' | 'format_version' | 'written_at' | 'datasets'>,
    datasets: Record<string, FlatDataset>,
  ): void {
    const files = [...this.entries.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const manifest: FlatManifest = {
      format_version: 1,
      written_at: new Date().toISOString(),
      ...state,
      datasets: { ...this.previous?.datasets, ...datasets },
      files,
    };
    writeAtomically(this.file, Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`));
    for (const path of this.superseded) rmSync(join(this.dir, path), { force: true });
    this.superseded.clear();
  }
}
