import { createServer, type Server } from 'node:http';
import type { HttpApp } from './aheadOfRouter';

export interface ServerLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
}

/**
 * The HTTP server with bounds a client cannot hold open (Node's defaults: 60 s for headers, 300 s for a
 * request, no cap on sockets). Node checks the header and request timeouts on a timer, every 30 s by default,
 * so a slow client could stay 30 s past its bound: the check runs at a tenth of the header timeout (1 s at 10 s).
 */
export function createHttpServer(app: HttpApp, limits: ServerLimits): Server {
  const server = createServer(
    {
      ...app.classes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.floor(limits.headersTimeoutMs / 10)),
    },
    app.listener,
  );
  server.maxConnections = limits.maxConnections;
  return server;
}
