import cliProgress from 'cli-progress';
import { differenceTable } from './baostock/check';
import type { BaostockSummary } from './baostock/sync';
import type { BundleFile, BundleProgress } from './bundle';

/**
 * Per-file progress of an import: a bar with rows/s and ETA (by bytes read) on a terminal, one summary line
 * per file otherwise.
 */
export function consoleProgress(stream: NodeJS.WriteStream = process.stderr): BundleProgress {
  let bar: cliProgress.SingleBar | undefined;
  let started = 0;
  return {
    start(file: BundleFile) {
      started = performance.now();
      if (!stream.isTTY) return {};
      const active = new cliProgress.SingleBar(
        { stream, format: `${file.api.padEnd(12)} [{bar}] {percentage}% | {rows} rows | {speed} rows/s | ETA {eta_formatted}`, hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      bar = active;
      active.start(file.bytes, 0, { rows: 0, speed: 0 });
      let bytes = 0;
      return {
        onBytes: (chunk: number) => active.update((bytes += chunk)),
        onRows: (rows: number) => active.update(bytes, { rows, speed: Math.round(rows / ((performance.now() - started) / 1000)) }),
      };
    },
    done(file, result) {
      bar?.stop();
      bar = undefined;
      const seconds = (performance.now() - started) / 1000;
      stream.write(`${file.api}.csv: ${result.rows} rows into ${result.table} in ${seconds.toFixed(1)} s (${Math.round(result.rows / seconds)} rows/s)\n`);
    },
  };
}

/** A bar over the securities of a sync (on a terminal; a line every hundred otherwise). */
export function securityProgress(stream: NodeJS.WriteStream = process.stderr): (done: number, total: number, tsCode: string) => void {
  let bar: cliProgress.SingleBar | undefined;
  return (done, total, tsCode) => {
    if (!stream.isTTY) {
      if (done % 100 === 0 || done === total) stream.write(`${done}/${total} securities (${tsCode})\n`);
      return;
    }
    if (bar === undefined) {
      bar = new cliProgress.SingleBar({ stream, format: 'securities [{bar}] {value}/{total} | {code} | ETA {eta_formatted}', hideCursor: true }, cliProgress.Presets.shades_classic);
      bar.start(total, 0, { code: tsCode });
    }
    bar.update(done, { code: tsCode });
    if (done === total) bar.stop();
  };
}

/** The closing lines of a Baostock sync: rows by table, requests, retries and logins, time. */
export function baostockSummary({ securities, skipped, rows, differences, client, seconds }: BaostockSummary, checked = false): string {
  const tables = Object.entries(rows).map(([table, count]) => `${table} ${count}`).join(', ') || 'no rows';
  return [
    `baostock: ${securities} securities synced, ${skipped} already done; ${tables}`,
    `${client.requests} requests, ${client.retries} retries, ${client.logins} logins in ${seconds.toFixed(1)} s`,
    ...(checked ? [differenceTable(differences)] : []),
  ].join('\n');
}
