import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { createApp } from '../../src/app';

export interface TestServer {
  baseUrl: string;
  close(): Promise<void>;
}

/** The real app on a random loopback port, with response validation on. */
export async function startServer(db: Knex): Promise<TestServer> {
  const app = createApp({ db, logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), validateResponses: true, market: { dataVersionTtlMs: 0 } });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
