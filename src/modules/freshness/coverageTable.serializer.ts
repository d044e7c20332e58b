import type { CoverageReport } from './freshness.types';

/** `ashare status`: the coverage report as a text table, one line per dataset, and what its columns mean. */
export function coverageTable(report: CoverageReport): string {
  const header = [
    'dataset',
    'first',
    'last',
    'expected',
    'lag',
    'missing',
    'partial',
    'failed',
    'rows',
    'securities',
    'last update',
    'next update',
  ];
  const lines = report.datasets.map((row) => [
    row.dataset.name,
    row.first ?? '-',
    row.last ?? '-',
    row.expected ?? '-',
    row.lag === null ? '-' : String(row.lag),
    String(row.missing.length),
    String(row.partial.length),
    String(row.failed.length),
    String(row.rows),
    String(row.securities),
    row.lastUpdate === null ? '-' : `${row.lastUpdate.finished_at} UTC ${row.lastUpdate.source}`,
    row.nextUpdate ?? '-',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const gaps = report.datasets
    .filter((row) => row.missing.length + row.partial.length + row.failed.length > 0)
    .map(
      (row) =>
        `${row.dataset.name}: ${[
          ['missing', row.missing],
          ['partial', row.partial],
          ['failed', row.failed],
        ]
          .filter(([, days]) => days!.length > 0)
          .map(([what, days]) => `${what} ${(days as string[]).join(' ')}`)
          .join('; ')}`,
    );
  return [
    `as of ${report.asOf} Beijing; session expected: ${report.expectedSession ?? '-'}; a session is complete at ${report.minCoverage * 100} % of the day's universe`,
    `calendar through ${report.calendar.through ?? '-'}${report.calendar.coversToday ? '' : ': today is not in the stored calendar (load the calendar: ashare update or sync)'}`,
    format(header),
    ...lines.map(format),
    ...(gaps.length === 0 ? [] : ['', 'sessions of the last 60 not loaded:', ...gaps]),
    '',
    `audit: ${report.openFindings.errors} errors and ${report.openFindings.warnings} warnings open ('ashare audit' lists them)`,
  ].join('\n');
}
