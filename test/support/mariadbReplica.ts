import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '../../src/db/connection';

export const INSTALL_DB = '/usr/bin/mariadb-install-db';
const MARIADBD = ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'].find((path) => existsSync(path));

/** Whether this machine can start MariaDB servers of a test's own (the MariaDB leg of .ci/run installs them). */
export const canStartMariadb = (): boolean => existsSync(INSTALL_DB) && MARIADBD !== undefined;

interface Server {
  port: number;
  child: ChildProcess;
  url(database?: string): string;
}

/** A fresh data directory and a mariadbd on it (root without a password on 127.0.0.1), once it answers. */
async function startServer(dir: string, name: string, port: number, flags: string[]): Promise<Server> {
  const datadir = join(dir, name);
  const installed = spawnSync(
    INSTALL_DB,
    [
      '--no-defaults',
      '--user=root',
      `--datadir=${datadir}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ],
    { encoding: 'utf8' },
  );
  if (installed.status !== 0) throw new Error(`mariadb-install-db failed: ${installed.stderr}`);
  const child = spawn(
    MARIADBD!,
    [
      '--no-defaults',
      '--user=root',
      `--datadir=${datadir}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${join(dir, `${name}.sock`)}`,
      `--pid-file=${join(dir, `${name}.pid`)}`,
      '--innodb-buffer-pool-size=64M',
      ...flags,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr!.on('data', (chunk) => (log += chunk));
  const server = { port, child, url: (database = '') => `mysql://root@127.0.0.1:${port}/${database}` };
  for (let attempt = 0; attempt < 200; attempt++) {
    // A TCP probe, not a client (a refused pool connection logs): mariadbd listens once it can answer.
    const up = await new Promise<boolean>((resolve) =>
      createConnection({ host: '127.0.0.1', port })
        .once('connect', function (this: Socket) {
          this.destroy();
          resolve(true);
        })
        .once('error', () => resolve(false)),
    );
    if (up) return server;
    if (child.exitCode !== null) throw new Error(`mariadbd ${name} exited: ${log.slice(-500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`mariadbd ${name} did not answer: ${log.slice(-500)}`);
}

/** A primary with binary logging and a replica following it (GTID), on loopback ports of their own. */
export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs a statement on the replica's server (STOP SLAVE SQL_THREAD, START SLAVE). */
  onReplica(statement: string): Promise<void>;
  /** Resolves once the replica has applied everything the primary has written so far. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

export async function startReplicaPair(database: string): Promise<ReplicaPair> {
  const dir = mkdtempSync(join(tmpdir(), 'ashare-replica-'));
  const base = 33_000 + Math.floor(Math.random() * 2000) * 2;
  const primary = await startServer(dir, 'primary', base, [
    '--server-id=1',
    `--log-bin=${join(dir, 'primary', 'bin')}`,
    '--binlog-format=ROW',
  ]);
  const replica = await startServer(dir, 'replica', base + 1, ['--server-id=2']);
  const admin = (server: Server) => connect(server.url());
  const run = async (server: Server, statement: string) => {
    const db = admin(server);
    try {
      return await db.raw(statement);
    } finally {
      await db.destroy();
    }
  };
  await run(
    replica,
    `change master to master_host='127.0.0.1', master_port=${primary.port}, master_user='root', master_password='', master_use_gtid=slave_pos`,
  );
  await run(replica, 'start slave');
  await run(primary, `create database ${database} character set utf8mb4 collate utf8mb4_unicode_ci`);
  const gtid = async (server: Server, variable: string): Promise<string> =>
    (await run(server, `select @@${variable} as position`))[0][0].position;
  return {
    primaryUrl: primary.url(database),
    replicaUrl: replica.url(database),
    onReplica: async (statement) => {
      await run(replica, statement);
    },
    async caughtUp() {
      const target = await gtid(primary, 'gtid_binlog_pos');
      for (let attempt = 0; attempt < 300; attempt++) {
        if ((await gtid(replica, 'gtid_slave_pos')) === target) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the replica did not reach ${target}`);
    },
    async stop() {
      for (const server of [replica, primary]) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
