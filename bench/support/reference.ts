/**
 * The one side-by-side harness of the HTTP benchmarks: a scenario (one request path) measured with autocannon
 * against the project and, in the same run, against a bare Express 5 + helmet app and a bare node:http server
 * returning the project's bytes for that path (bench/support/bareServers.ts). The three take turns, round after
 * round, the order rotating each round, so load from elsewhere on a shared machine falls on all three alike;
 * what counts is the ratio project / bare Express within the run.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServerProcess, type ServerProcess } from './serverProcess';

export const CONNECTIONS = 32;

export interface Figures {
  requests_per_sec: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  non_2xx: number;
  errors: number;
  /**
   * The server's CPU time (user + system, /proc/<pid>/stat) per answered request: what the server spends
   * whatever the load generator beside it on the same 2 cores gets, so steadier than requests/s.
   */
  server_cpu_us_per_request: number;
}

export interface Comparison {
  scenario: string;
  path: string;
  body_bytes: number;
  connections: number;
  rounds: number;
  seconds_per_round: number;
  load_average_at_start: number[];
  load_average_at_end: number[];
  /** Median of the rounds (requests/s and latency percentiles each). */
  project: Figures;
  bare_express: Figures;
  bare_http: Figures;
  ratio_to_express: number;
  ratio_to_http: number;
  /** Every round as measured, in the order run. */
  each_round: { target: Target; figures: Figures }[];
}

type Target = 'project' | 'bare_express' | 'bare_http';

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** CPU seconds a process has used so far (utime + stime of /proc/<pid>/stat, at 100 ticks a second). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One autocannon run of `seconds` on `base + path` (the same for every target) served by process `pid`. */
export async function load(
  base: string,
  path: string,
  headers: Record<string, string>,
  seconds: number,
  pid: number,
  connections = CONNECTIONS,
): Promise<Figures> {
  const cpuBefore = cpuSecondsOf(pid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url: base + path, connections, duration: seconds, headers }, (err, done) =>
      err ? reject(err) : resolve(done),
    );
  });
  return {
    requests_per_sec: result.requests.average,
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    server_cpu_us_per_request: Math.round(((cpuSecondsOf(pid) - cpuBefore) * 1e6) / Math.max(1, result.requests.total)),
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function medianOf(rounds: Figures[]): Figures {
  return {
    requests_per_sec: median(rounds.map((r) => r.requests_per_sec)),
    latency_p50_ms: median(rounds.map((r) => r.latency_p50_ms)),
    latency_p99_ms: median(rounds.map((r) => r.latency_p99_ms)),
    non_2xx: rounds.reduce((sum, r) => sum + r.non_2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    server_cpu_us_per_request: median(rounds.map((r) => r.server_cpu_us_per_request)),
  };
}

export interface CompareOptions {
  scenario: string;
  /** A project already listening (its process is not stopped here). */
  project: { base: string; child: { pid?: number } };
  path: string;
  headers: Record<string, string>;
  rounds?: number;
  seconds?: number;
  /** One run first on each target, not counted: JIT, caches, connection pools. */
  warmUpSeconds?: number;
}

/**
 * Measures `path` on the project and on the two bare servers (started here, stopped at the end) in
 * alternating rounds. The project must answer the path with 200: its bytes are what the bare servers send.
 */
export async function compareWithReference(options: CompareOptions): Promise<Comparison> {
  const { project, path, headers } = options;
  const rounds = options.rounds ?? Number(process.env.BENCH_ROUNDS ?? 3);
  const seconds = options.seconds ?? Number(process.env.BENCH_SECONDS ?? 5);
  const response = await fetch(project.base + path, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${options.scenario}: ${path} answered ${response.status}: ${body}`);
  const bodyFile = join(tmpdir(), `ashare-bench-body-${process.pid}-${Date.now()}.json`);
  writeFileSync(bodyFile, body);
  const bare: ServerProcess[] = [];
  try {
    for (const kind of ['express', 'http'])
      bare.push(
        await startServerProcess('bench/support/bareServers.ts', await freePort(), { BODY_FILE: bodyFile, BARE: kind }),
      );
    const bases: Record<Target, string> = {
      project: project.base,
      bare_express: bare[0]!.base,
      bare_http: bare[1]!.base,
    };
    const pids: Record<Target, number> = {
      project: project.child.pid!,
      bare_express: bare[0]!.child.pid!,
      bare_http: bare[1]!.child.pid!,
    };
    const targets = Object.keys(bases) as Target[];
    const loadAtStart = loadavg();
    for (const target of targets) await load(bases[target], path, headers, options.warmUpSeconds ?? 2, pids[target]);
    const eachRound: Comparison['each_round'] = [];
    for (let round = 0; round < rounds; round++) {
      for (let turn = 0; turn < targets.length; turn++) {
        const target = targets[(round + turn) % targets.length]!;
        eachRound.push({ target, figures: await load(bases[target], path, headers, seconds, pids[target]) });
      }
    }
    const of = (target: Target) => medianOf(eachRound.filter((r) => r.target === target).map((r) => r.figures));
    const [ours, express, http] = [of('project'), of('bare_express'), of('bare_http')];
    const comparison: Comparison = {
      scenario: options.scenario,
      path,
      body_bytes: body.length,
      connections: CONNECTIONS,
      rounds,
      seconds_per_round: seconds,
      load_average_at_start: loadAtStart.map(round2),
      load_average_at_end: loadavg().map(round2),
      project: ours,
      bare_express: express,
      bare_http: http,
      ratio_to_express: round2(ours.requests_per_sec / express.requests_per_sec),
      ratio_to_http: round2(ours.requests_per_sec / http.requests_per_sec),
      each_round: eachRound,
    };
    console.log(
      `${options.scenario}: project ${ours.requests_per_sec} req/s (p50 ${ours.latency_p50_ms} ms, p99 ${ours.latency_p99_ms} ms, ` +
        `${ours.server_cpu_us_per_request} µs CPU/request), bare Express ${express.requests_per_sec} req/s (${express.server_cpu_us_per_request} µs), ` +
        `node:http ${http.requests_per_sec} req/s (${http.server_cpu_us_per_request} µs); ratio ${comparison.ratio_to_express}`,
    );
    return comparison;
  } finally {
    for (const server of bare) await server.stop();
    rmSync(bodyFile, { force: true });
  }
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** A bench's SQLite store gone, with its write-ahead log and shared-memory files. */
export function removeSqliteFile(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
}
