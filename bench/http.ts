/**
 * The hot reads against the framework's floor: `node --import tsx bench/http.ts [search] [daily]`.
 *
 * The project (the build as `npm start` runs it, LOG_LEVEL info as in production, demo store in a fresh SQLite file
 * unless DATABASE_URL names one) beside a bare Express 5 + helmet app and a bare node:http server sending the
 * same bytes, alternating rounds (bench/support/reference.ts; BENCH_ROUNDS, BENCH_SECONDS). Results:
 * bench/results/http-<scenario>.json. BENCH_PROFILE=<dir> runs the project under --cpu-prof and writes its
 * profile there when it stops (summarized by bench/profile-summary.ts; then no results file is written).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareWithReference, freePort, type Comparison, removeSqliteFile } from './support/reference';
import { BUILT_SERVER, prepareDatabase, START_FLAGS, startServerProcess } from './support/serverProcess';

/**
 * Each scenario's path and its targets: share of bare Express's req/s (issue 36 holds what issue 14's 0.5 and
 * 0.75 grew to: 0.8 and 0.85), p99.
 */
export const HTTP_SCENARIOS = {
  search: { path: `/v1/stock/search?keyword=${encodeURIComponent('平安')}`, minRatio: 0.8, maxP99Ms: 20 },
  daily: { path: '/v1/market/daily?symbol=600519', minRatio: 0.85, maxP99Ms: 20 },
} as const;
export type HttpScenario = keyof typeof HTTP_SCENARIOS;

export async function runHttpScenarios(names: HttpScenario[]): Promise<Record<string, Comparison>> {
  const dbFile = join(tmpdir(), `ashare-bench-http-${process.pid}.sqlite`);
  const databaseUrl = process.env.DATABASE_URL ?? `sqlite://${dbFile}`;
  const key = `ak_bench_${process.pid}_0123456789abcdef`;
  const profile = process.env.BENCH_PROFILE;
  await prepareDatabase(databaseUrl, key);
  const flags = [...START_FLAGS, ...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [])];
  const project = await startServerProcess(
    BUILT_SERVER,
    await freePort(),
    { DATABASE_URL: databaseUrl, DEMO_API_KEY: key, LOG_LEVEL: 'info' },
    flags,
  );
  const results: Record<string, Comparison> = {};
  try {
    for (const name of names) {
      results[name] = await compareWithReference({
        scenario: name,
        project,
        path: HTTP_SCENARIOS[name].path,
        headers: { 'X-API-KEY': key },
      });
      if (profile) continue; // a profiled server is slower: its figures are not results
      mkdirSync('bench/results', { recursive: true });
      writeFileSync(
        `bench/results/http-${name}.json`,
        `${JSON.stringify({ date: new Date().toISOString(), database: databaseUrl.replace(/\/\/[^@]*@/, '//').replace(dbFile, 'temp file'), targets: HTTP_SCENARIOS[name], ...results[name] }, null, 2)}\n`,
      );
    }
  } finally {
    await project.stop();
    removeSqliteFile(dbFile);
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const asked = process.argv.slice(2) as HttpScenario[];
  await runHttpScenarios(asked.length > 0 ? asked : (Object.keys(HTTP_SCENARIOS) as HttpScenario[]));
}
