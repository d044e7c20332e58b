import express, { Router } from 'express';
import { paths } from '../paths';

/**
 * The pages a person tries the API in, each from this server alone (no CDN: they work offline): the market
 * explorer at /explorer, which speaks only the public /v1 API with the key the person pastes and draws with
 * the charting library served beside it; and the API reference at /reference (Scalar's, from the bundled
 * contract and generated/scalar.js), which sends any operation with the reader's key.
 */
export function explorerRoutes(): Router {
  const router = Router();
  const page = (file: string) => (_req: express.Request, res: express.Response) =>
    res.sendFile(file, { root: paths.explorerPage });
  router.get(['/explorer', '/explorer/'], page('explorer.html'));
  router.get('/explorer/vendor/lightweight-charts.js', (_req, res) => res.sendFile(paths.chartsLibrary));
  router.get(['/reference', '/reference/'], page('reference.html'));
  router.get('/reference/reference.js', page('reference.js'));
  router.get('/reference/scalar.js', (_req, res) => res.sendFile(paths.apiReferenceLibrary));
  router.use('/explorer', express.static(paths.explorerPage, { index: false }));
  return router;
}
