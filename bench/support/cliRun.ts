import { spawn } from 'node:child_process';
import { rssMb } from './processStats';
import { round2 } from './reference';
import { BUILT_CLI } from './generatedSqliteStore';

/**
 * `npm run ashare -- <args>` as it runs (the build, its own process, under the CLI's V8 flags) on `databaseUrl`,
 * its RSS sampled every 20 ms: its seconds, peak RSS and the summary line it prints starting with `summaryPrefix`.
 */
export async function cliRun(databaseUrl: string, args: readonly string[], summaryPrefix: string) {
  const started = performance.now();
  const child = spawn(process.execPath, [...BUILT_CLI, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let [peak, summary] = [0, ''];
  child.stderr!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (text.startsWith(summaryPrefix)) summary = text.trim();
    else process.stderr.write(text);
  });
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!))), 20);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`${args[0]} exited ${code}`);
  return { seconds: round2((performance.now() - started) / 1000), peak_rss_mb: round2(peak), summary };
}
