import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ChildServer {
  baseUrl: string;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Signals the server (SIGTERM unless told), the whole group of an `npm start`. */
  stop(signal?: NodeJS.Signals): void;
}

/**
 * `src/main.ts` (or another entry, or `npm start` as a user runs the build: `entry` 'npm start') as a real child
 * process on a free loopback port, once /readyz says ready (`until: 'live'`: once /healthz answers, for a store
 * without data, which is never ready). An `npm start` child leads a process group of its own (npm runs node
 * under it): `stop` signals the group.
 */
export async function startChildServer(
  env: Record<string, string>,
  { entry = 'src/main.ts', until = 'ready' }: { entry?: string; until?: 'ready' | 'live' } = {},
): Promise<ChildServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const [command, args] = entry === 'npm start' ? ['npm', ['start']] : [process.execPath, ['--import', 'tsx', entry]];
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: entry === 'npm start',
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DATA: 'off', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${output}`);
    if (Date.now() > deadline) throw new Error(`server not ready within 60 s: ${output}`);
    const ready = await fetch(`${baseUrl}${until === 'ready' ? '/readyz' : '/healthz'}`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready)
      return {
        baseUrl,
        process: child,
        output: () => output,
        exited,
        stop: (signal = 'SIGTERM') => (entry === 'npm start' ? process.kill(-child.pid!, signal) : child.kill(signal)),
      };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
