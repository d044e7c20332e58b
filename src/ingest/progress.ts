import cliProgress from 'cli-progress';
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
