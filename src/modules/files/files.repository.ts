import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MANIFEST_FILE, type FlatManifest } from '../../domain/tables/flatLayout';

/**
 * The flat directory's manifest as the writer last renamed it into place, read again only when its modification
 * time moves (a stat a request); null when the directory holds none (yet).
 */
export class FlatManifestReader {
  private known: { mtimeMs: number; manifest: FlatManifest } | null = null;

  constructor(readonly dir: string) {}

  async manifest(): Promise<FlatManifest | null> {
    const file = join(this.dir, MANIFEST_FILE);
    const found = await stat(file).catch(() => null);
    if (found === null) return null;
    if (this.known?.mtimeMs !== found.mtimeMs)
      this.known = { mtimeMs: found.mtimeMs, manifest: JSON.parse(await readFile(file, 'utf8')) as FlatManifest };
    return this.known.manifest;
  }
}
