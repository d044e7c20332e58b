import { pino } from 'pino';
import { createApp } from '../src/app';
import { connect } from '../src/db/connection';
const db = connect(process.env.URL!);
const app = createApp({ db, logger: pino({ level: 'silent' }), validateResponses: false });
const server = app.listen(0, '127.0.0.1', async () => {
  const port = (server.address() as any).port;
  const codes = (await db('securities').where({ kind: 'stock' }).orderBy('ts_code').limit(10).pluck('ts_code')).join(',');
  for (const p of ['income-statement?period=quarterly', 'income-statement?period=ttm', 'financial-metrics?period=quarterly']) {
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const r = await fetch(`http://127.0.0.1:${port}/v1/financials/${p}&symbol=${codes}&limit=20`, { headers: { 'x-api-key': 'ak_bench_financials' } });
      const body = await r.text();
      console.log(p, r.status, body.length, r.headers.get('etag'), (performance.now() - t).toFixed(1), 'ms');
    }
  }
  process.exit(0);
});
