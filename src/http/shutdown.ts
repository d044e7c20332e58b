import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Readiness } from '../modules/system/readiness';

export interface ShutdownOptions {
  server: Server;
  readiness: Readiness;
  /** How long in-flight requests may take before their connections are closed. */
  graceMs: number;
  logger: Logger;
  /** Flush usage, close the pool and the rest; runs once no request is left. */
  release(): Promise<void>;
}

/**
 * Connections whose handshake completed just before the signal are accepted, and their first bytes read, in
 * the next turns of the event loop; closing the listener at once would reset the ones still in the kernel's
 * backlog and drop the ones Node counts as idle. 100 ms is many turns of an event loop that is draining.
 */
const ACCEPT_SETTLE_MS = 100;
/** Keep-alive connections that finished their request are closed this often while draining. */
const IDLE_SWEEP_MS = 100;

/**
 * SIGTERM/SIGINT: report not ready, stop accepting, let in-flight requests finish (each answered with
 * `Connection: close`) for up to `graceMs`, then release resources and exit 0. A second signal is ignored.
 */
export function gracefulShutdown(options: ShutdownOptions) {
  let started = false;
  return async (signal: string): Promise<void> => {
    if (started) return;
    started = true;
    const { server, logger } = options;
    logger.info({ signal, graceMs: options.graceMs }, 'shutting down: finishing in-flight requests');
    options.readiness.drain();
    server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
      res.shouldKeepAlive = false;
    });
    await delay(ACCEPT_SETTLE_MS);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const grace = setTimeout(() => {
      logger.warn('grace period over: closing the connections still open');
      server.closeAllConnections();
    }, options.graceMs);
    await closed;
    clearInterval(sweep);
    clearTimeout(grace);
    try {
      await options.release();
    } catch (err) {
      logger.error({ err }, 'releasing resources failed');
      process.exit(1);
    }
    process.exit(0);
  };
}
