import { Router } from 'express';
import type { Metrics } from '../../http/metrics';
import { paths } from '../../paths';
import type { Readiness } from './readiness.service';

/** Built by `make types` with the scripts inlined (no CDN) and committed, so any start serves it. */
const DOCS_PAGE = paths.docsPage;

export interface SystemOptions {
  readiness: Readiness;
  /** Metrics served here; undefined when they have a port of their own (METRICS_PORT) or are off. */
  metrics?: Metrics;
}

/**
 * Routes outside the contract and without a key: liveness (the process answers), readiness (it should get
 * traffic; 503 with the failing checks otherwise), Prometheus metrics, the contract itself and its docs.
 */
export function systemRoutes(contract: object, options: SystemOptions): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const { ready, ...report } = await options.readiness.report();
    if (ready) res.json({ status: 'ready', ...report });
    else
      res
        .status(503)
        .set('Retry-After', '5')
        .json({ code: 503, message: 'Not ready', error: 'service_unavailable', ...report });
  });
  if (options.metrics) router.get('/metrics', (_req, res) => options.metrics!.render(res));
  router.get('/openapi.json', (_req, res) => {
    res.json(contract);
  });
  router.get('/docs', (_req, res) => {
    res.set('Content-Security-Policy', "default-src 'self' 'unsafe-inline' blob: data:; worker-src blob:");
    res.sendFile(DOCS_PAGE);
  });
  return router;
}
