import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';

export interface ShutdownOptions {
  server: Server;
  /** Told first, so /readyz fails and the load balancer stops sending. */
  readiness: { drain(): void };
  /** How long in-flight requests may take before their connections are closed. */
  graceMs: number;
  logger: Logger;
  /** Flush usage, close the pool and the rest; runs once no request is left. */
  release(): Promise<void>;
  /** Ends long-lived answers (event streams) when draining starts, so they do not hold the grace period. */
  onDrain?(): void;
}

/**
 * Connections whose handshake completed before the signal wait in the kernel's backlog until the event loop
 * accepts them, and closing the listener resets them. So the listener stays open, now answering with
 * `Connection: close`, until no connection has come for 200 ms (the load balancer has seen /readyz fail), at
 * most 5 s or the grace period: on a starved machine connections made before the signal were seen still
 * waiting in the backlog after it (test/ops/shutdown.test.ts runs it under load).
 */
const QUIET_MS = 200;
const MAX_ACCEPTING_MS = 5000;
/** Keep-alive connections between requests are closed this often while draining. */
const IDLE_SWEEP_MS = 100;

interface ConnectionState {
  /** The connection's latest response; none before its first request is parsed. */
  response?: ServerResponse;
}

/**
 * SIGTERM/SIGINT: report not ready, stop accepting, let in-flight requests finish (answered with `Connection:
 * close`) for up to `graceMs`, then release resources and exit 0. Not `server.close()` alone: since Node 19 it
 * also closes every connection without a request being handled, and that includes one just accepted whose
 * request is not parsed yet, which the client sees as a reset. Here only keep-alive connections that already
 * had an answer and wait for the next request are closed. Call at startup: it follows connections from then on.
 */
export function gracefulShutdown(options: ShutdownOptions) {
  const { server, logger } = options;
  const connections = new Map<Socket, ConnectionState>();
  let draining = false;
  let lastConnectionAt = 0;
  server.on('connection', (socket: Socket) => {
    lastConnectionAt = Date.now();
    connections.set(socket, {});
    socket.once('close', () => connections.delete(socket));
  });
  // No listener per request (the warm path's cost): a connection is idle when its latest answer is sent.
  server.on('request', (req, res) => {
    if (draining) res.shouldKeepAlive = false;
    const state = connections.get(req.socket);
    if (state) state.response = res;
  });
  const closeIdle = () => {
    for (const [socket, state] of connections) if (state.response?.writableFinished) socket.destroy();
  };

  return async (signal: string): Promise<void> => {
    if (draining) return;
    draining = true;
    logger.info({ signal, graceMs: options.graceMs }, 'shutting down: finishing in-flight requests');
    options.readiness.drain();
    options.onDrain?.();
    const signalledAt = Date.now();
    const acceptUntil = signalledAt + Math.min(MAX_ACCEPTING_MS, options.graceMs);
    while (Date.now() < acceptUntil && Date.now() - Math.max(lastConnectionAt, signalledAt) < QUIET_MS) await delay(20);
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    closeIdle();
    const sweep = setInterval(closeIdle, IDLE_SWEEP_MS);
    const grace = setTimeout(() => {
      logger.warn({ open: connections.size }, 'grace period over: closing the connections still open');
      for (const socket of connections.keys()) socket.destroy();
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
