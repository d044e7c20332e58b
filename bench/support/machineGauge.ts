/**
 * How fast the machine is while a bench row is measured: bare Express 5 + helmet's server CPU per request
 * (bench/support/bareServers.ts) answering a fixed 6 KB JSON body, the size of the warm daily answer, with
 * autocannon: one untimed run, then the median of GAUGE_ROUNDS runs of GAUGE_SECONDS. The absolute targets (a cold
 * p99, a start time) were set on a machine where this cost 114-166 µs; issue 65 names one where it cost 322-336.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, load, median } from './reference';
import { startServerProcess } from './serverProcess';

const GAUGE_ROUNDS = 3;
const GAUGE_SECONDS = 3;

/** A JSON body of exactly `bytes` bytes. */
function bodyOf(bytes: number): string {
  const frame = '{"data":[],"pad":""}';
  return `{"data":[],"pad":"${'x'.repeat(bytes - frame.length)}"}`;
}

/** Bare Express's median CPU per request, µs, measured now. */
export async function bareExpressCostUs(): Promise<number> {
  const bodyFile = join(tmpdir(), `ashare-bench-gauge-${process.pid}.json`);
  writeFileSync(bodyFile, bodyOf(6 * 1024));
  const server = await startServerProcess('bench/support/bareServers.ts', await freePort(), {
    BODY_FILE: bodyFile,
    BARE: 'express',
  });
  try {
    const pid = server.child.pid!;
    await load(server.base, '/', {}, 1, pid);
    const costs: number[] = [];
    for (let round = 0; round < GAUGE_ROUNDS; round++)
      costs.push((await load(server.base, '/', {}, GAUGE_SECONDS, pid)).server_cpu_us_per_request);
    return median(costs);
  } finally {
    await server.stop();
    rmSync(bodyFile, { force: true });
  }
}
