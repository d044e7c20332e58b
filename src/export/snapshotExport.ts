import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { dayDir } from '../live/snapshotJournal';
import { recordedDays } from '../live/snapshotDays';

export interface SnapshotExportSummary {
  days: number;
  files: number;
  written: number;
  unchanged: number;
}

/**
 * The recorded snapshots of the closed days from `since` through `until` copied under `out/snapshots/`, in the
 * recorder's own layout (`date=YYYY-MM-DD/bucket-NNN.parquet`: DuckDB, pandas and Polars read the directory as one
 * table); a file already there with the same size is left as it is (a closed day never changes). The open day
 * is not exported: it is a journal until its session is over.
 */
export async function exportSnapshotDays(
  root: string,
  { out, since, until }: { out: string; since: string; until: string },
): Promise<SnapshotExportSummary> {
  const summary: SnapshotExportSummary = { days: 0, files: 0, written: 0, unchanged: 0 };
  const days = (await recordedDays(root)).filter(({ date, open }) => !open && date >= since && date <= until);
  for (const { date } of days) {
    const target = join(out, 'snapshots', `date=${date}`);
    await mkdir(target, { recursive: true });
    summary.days += 1;
    for (const name of (await readdir(dayDir(root, date))).filter((file) => file.endsWith('.parquet'))) {
      const [from, to] = [join(dayDir(root, date), name), join(target, name)];
      summary.files += 1;
      const [source, copy] = [await stat(from), await stat(to).catch(() => null)];
      if (copy?.size === source.size) summary.unchanged += 1;
      else {
        await copyFile(from, to);
        summary.written += 1;
      }
    }
  }
  return summary;
}
