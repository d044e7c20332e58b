import { membersOn, type ResolvedUniverse, type UniverseEntry } from './domain/market/universe';
import { CHECKS, findingKey } from './domain/quality/findings';
import { auditCounts, type AuditSummary } from './audit/runAudit';
import { basename } from 'node:path';
import cliProgress from 'cli-progress';
import { differenceTable } from './ingest/baostock/check';
import type { BaostockSummary } from './ingest/baostock/baostockSync';
import type { UpdateSummary } from './ingest/update/runUpdate';
import type { BundleFile, BundleProgress } from './ingest/bundle';
import { rejectionLines } from './loaders/loaderTypes';
import type { QlibExportSummary } from './export/qlib/qlibExport';
import type { FlatFileSummary } from './modules/tushare/flatFiles.service';

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
        {
          stream,
          format: `${file.api.padEnd(12)} [{bar}] {percentage}% | {rows} rows | {speed} rows/s | ETA {eta_formatted}`,
          hideCursor: true,
        },
        cliProgress.Presets.shades_classic,
      );
      bar = active;
      active.start(file.bytes, 0, { rows: 0, speed: 0 });
      let bytes = 0;
      return {
        onBytes: (chunk: number) => active.update((bytes += chunk)),
        onRows: (rows: number) =>
          active.update(bytes, { rows, speed: Math.round(rows / ((performance.now() - started) / 1000)) }),
      };
    },
    done(file, result) {
      bar?.stop();
      bar = undefined;
      const seconds = (performance.now() - started) / 1000;
      stream.write(
        `${basename(file.path)}: ${result.rows} rows into ${result.table} in ${seconds.toFixed(1)} s (${Math.round(result.rows / seconds)} rows/s)${result.rejectedRows > 0 ? `, ${result.rejectedRows} left out` : ''}\n`,
      );
      for (const line of rejectionLines(result)) stream.write(`${line}\n`);
    },
  };
}

/** A bar over the securities of a sync (on a terminal; a line every hundred otherwise). */
export const securityProgress = (stream: NodeJS.WriteStream = process.stderr) =>
  countProgress('securities', 100, stream);

/** A bar over the files of an export, a dataset's session each (on a terminal; a line every thousand otherwise). */
export const flatFileProgress = (stream: NodeJS.WriteStream = process.stderr) =>
  countProgress('files written', 100, stream);

/** A flat-file run's summary line. */
export const flatFileSummary = (summary: FlatFileSummary, seconds: string): string =>
  `export: ${summary.files} files read (${summary.written} written, ${summary.unchanged} unchanged, ${summary.removed} removed), ${summary.rows} rows in ${seconds} s (${Math.round(summary.rows / Math.max(Number(seconds), 0.1))} rows/s)`;

/** A bar over the securities of a qlib export (on a terminal; a line every thousand otherwise). */
export const qlibProgress = (stream: NodeJS.WriteStream = process.stderr) => {
  const bar = countProgress('securities exported', 1000, stream);
  return (done: number, total: number) => bar(done, total, '');
};

/** A qlib export's summary line. */
export const qlibSummary = (summary: QlibExportSummary, seconds: string): string =>
  `export qlib: ${summary.sessions} sessions, ${summary.instruments} instruments; feature files ${summary.written} written, ${summary.appended} appended, ${summary.unchanged} unchanged; ${summary.pit} PIT fields written, in ${seconds} s`;

/** A bar over the securities of an audit (on a terminal; a line every thousand otherwise). */
export const auditProgress = (stream: NodeJS.WriteStream = process.stderr) => {
  const bar = countProgress('securities audited', 1000, stream);
  return (done: number, total: number) => bar(done, total, '');
};

/**
 * An audit's report: as a table (each finding's check, severity, symbol, date and figures, then the counts) or
 * as JSON (the findings and the counts, for scripts).
 */
export function auditReport(summary: AuditSummary, format: 'table' | 'json'): string {
  const isNew = new Set(summary.added.map(findingKey));
  const rows = summary.findings.map((finding) => ({
    check: finding.check,
    severity: CHECKS[finding.check],
    symbol: finding.symbol,
    date: finding.date,
    ...(finding.item ? { item: finding.item } : {}),
    new: isNew.has(findingKey(finding)),
    detail: finding.detail,
  }));
  const { findings: total, added, newErrors } = auditCounts(summary);
  const counts = {
    findings: total,
    new: added,
    new_errors: newErrors,
    resolved: summary.resolved,
    by_check: summary.counts,
  };
  if (format === 'json')
    return JSON.stringify({
      ...counts,
      securities: summary.securities,
      bars: summary.bars,
      listed: rows.length,
      findings: rows,
    });
  const lines = rows.map(
    (row) =>
      `${row.severity.padEnd(7)} ${row.check.padEnd(26)} ${(row.symbol ?? '(market)').padEnd(10)} ${row.date}${row.new ? ' new' : '    '}  ${Object.entries(
        row.detail,
      )
        .map(([key, value]) => `${key}=${value}`)
        .join(' ')}`,
  );
  return [
    ...lines,
    ...(rows.length < total ? [`… and ${total - rows.length} more: GET /v1/data/quality lists them all`] : []),
    `audit: ${summary.securities} securities, ${summary.bars} bars; ${total} findings (${added} new, ${newErrors} of them errors), ${summary.resolved} resolved`,
  ].join('\n');
}

/** A bar over the sessions of an update (on a terminal; a line per session otherwise). */
export const sessionProgress = (stream: NodeJS.WriteStream = process.stderr) => countProgress('sessions', 1, stream);

/** A bar over `what` done of a total, each labelled by its name; off a terminal a line every `lineEvery`. */
function countProgress(
  what: string,
  lineEvery: number,
  stream: NodeJS.WriteStream,
): (done: number, total: number, name: string) => void {
  let bar: cliProgress.SingleBar | undefined;
  return (done, total, name) => {
    if (!stream.isTTY) {
      if (done % lineEvery === 0 || done === total) stream.write(`${done}/${total} ${what} (${name})\n`);
      return;
    }
    if (bar === undefined) {
      bar = new cliProgress.SingleBar(
        { stream, format: `${what} [{bar}] {value}/{total} | {code} | ETA {eta_formatted}`, hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, 0, { code: name });
    }
    bar.update(done, { code: name });
    if (done === total) bar.stop();
  };
}

/** The closing line of an update: its status, sessions by state, rows and time. */
export function updateSummary(source: string, { status, sessions, rows, seconds }: UpdateSummary): string {
  const states = ['complete', 'partial', 'missing', 'failed']
    .map((state) => [state, sessions.filter((one) => one.state === state).length] as const)
    .filter(([, n]) => n > 0);
  const told = states.map(([state, n]) => `${n} ${state}`).join(', ') || 'none needed';
  return `update ${source}: ${status}; sessions ${told}; ${rows} rows in ${seconds.toFixed(1)} s`;
}

/** The closing lines of a Baostock sync: rows by table, requests, retries and logins, time. */
export function baostockSummary(
  { securities, skipped, rows, differences, client, seconds }: BaostockSummary,
  checked = false,
): string {
  const tables =
    Object.entries(rows)
      .map(([table, count]) => `${table} ${count}`)
      .join(', ') || 'no rows';
  return [
    `baostock: ${securities} securities synced, ${skipped} already done; ${tables}`,
    `${client.requests} requests, ${client.retries} retries, ${client.logins} logins in ${seconds.toFixed(1)} s`,
    ...(checked ? [differenceTable(differences)] : []),
  ].join('\n');
}

/** The declared universe as `ashare universe` tells it: its lines, and how many securities it means on `day`. */
export function universeReport(
  entries: readonly UniverseEntry[],
  resolved: ResolvedUniverse | null,
  day: string | null,
): string {
  if (entries.length === 0) return 'universe: the whole market (nothing declared)';
  const lines = entries.map(
    ({ scope, code, start_date, end_date }) => `  ${scope} ${code} from ${start_date} through ${end_date ?? 'open'}`,
  );
  const meant = day === null ? null : membersOn(resolved, day);
  const count =
    day === null
      ? ''
      : meant === null
        ? ` (the whole market on ${day})`
        : ` (${meant.size} securities meant on ${day})`;
  return [`universe: ${entries.length} lines${count}`, ...lines].join('\n');
}
