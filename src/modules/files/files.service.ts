import type { components } from '../../../generated/api';
import { insufficientPermissions, invalidParameter, noData, notFound } from '../../domain/api/errors';
import { fileVisible, type FlatFileEntry, type FlatManifest } from '../../domain/tables/flatLayout';
import { notYetVisible, type Visibility } from '../../domain/time/marketTime';
import type { FlatManifestReader } from './files.repository';

type FlatFileList = components['schemas']['FlatFileList'];

/** Whose files: the key's scopes and what its plan sees now. */
export interface FileReader {
  scopes: readonly string[];
  visibility: Visibility;
}

/** The files route's URL of a file. */
export const fileUrl = (entry: FlatFileEntry): string => `/v1/files/${entry.path}`;

async function manifestOf(files: FlatManifestReader | undefined): Promise<FlatManifest> {
  const manifest = await files?.manifest();
  if (manifest == null) throw noData('no flat files are kept here: the operator sets FLAT_DIR to keep them');
  return manifest;
}

/** Whether the reader may fetch a file now: its dataset's scope, and its newest day under the plan's delay. */
const readable = (manifest: FlatManifest, entry: FlatFileEntry, reader: FileReader) => {
  const dataset = manifest.datasets[entry.dataset]!;
  return reader.scopes.includes(dataset.scope) && fileVisible(entry, dataset, reader.visibility.dailyThrough);
};

/**
 * The manifest as the reader may use it: the files of the datasets asked (all by default) whose days meet the
 * range (snapshots always), of its scopes and under its plan's delay, each with its URL.
 */
export async function listFiles(
  files: FlatManifestReader | undefined,
  { datasets, begin, end }: { datasets?: string[]; begin?: string; end?: string },
  reader: FileReader,
): Promise<FlatFileList> {
  const manifest = await manifestOf(files);
  const unknown = (datasets ?? []).filter((name) => manifest.datasets[name] === undefined);
  if (unknown.length > 0)
    throw invalidParameter(
      `no flat files of ${unknown.join(', ')}; those kept: ${Object.keys(manifest.datasets).sort().join(', ')}`,
    );
  const asked = datasets === undefined ? null : new Set(datasets);
  const inRange = (entry: FlatFileEntry) =>
    entry.first_date === null ||
    ((end === undefined || entry.first_date <= end) && (begin === undefined || entry.last_date! >= begin));
  return {
    written_at: manifest.written_at,
    data_versions: manifest.data_versions,
    files: manifest.files
      .filter(
        (entry) => (asked === null || asked.has(entry.dataset)) && inRange(entry) && readable(manifest, entry, reader),
      )
      .map((entry) => ({ ...entry, url: fileUrl(entry) })),
  };
}

/** The manifest's entry of a file the reader may fetch now; else why not (scope, plan delay, not listed). */
export async function fileToServe(
  files: FlatManifestReader | undefined,
  path: string,
  reader: FileReader,
): Promise<FlatFileEntry> {
  const manifest = await manifestOf(files);
  const entry = manifest.files.find((file) => file.path === path);
  if (entry === undefined) throw notFound(`no flat file ${path}: /v1/files lists those kept`);
  const dataset = manifest.datasets[entry.dataset]!;
  if (!reader.scopes.includes(dataset.scope))
    throw insufficientPermissions(`the files of ${entry.dataset} need the ${dataset.scope} scope`);
  if (!fileVisible(entry, dataset, reader.visibility.dailyThrough))
    throw notYetVisible(reader.visibility, { date: entry.last_date! });
  return entry;
}
