import { pino } from 'pino';
import { createApp } from './app';
import { loadConfig } from './config';
import { connect } from './db/connection';
import { migrateLatest } from './db/migrate';
import { loadDemoDataIfEmpty } from './ingest/demo';
import { ensureDemoKey } from './modules/accounts/demoAccount';

const config = loadConfig();
const logger = pino({ level: config.LOG_LEVEL });
const db = connect(config.DATABASE_URL);

await migrateLatest(db);
if (config.DEMO_DATA === 'auto') {
  const loaded = await loadDemoDataIfEmpty(db);
  if (loaded > 0) logger.info({ rows: loaded }, 'loaded the demo data');
}
const createdKey = await ensureDemoKey(db, config.DEMO_API_KEY);

const app = createApp({ db, logger, validateResponses: config.VALIDATE_RESPONSES });
const server = app.listen(config.PORT, config.HOST, () => {
  const base = `http://localhost:${config.PORT}`;
  const demoKey = config.DEMO_API_KEY ?? createdKey;
  console.log(`ashare-api listening on ${base}`);
  console.log(`API docs:      ${base}/docs`);
  console.log(
    demoKey
      ? `Demo API key:  ${demoKey}\nTry:           curl -H 'X-API-KEY: ${demoKey}' '${base}/v1/stock/basic-info?symbol=600519'`
      : 'Demo API key:  shown at first start only; set DEMO_API_KEY to fix its value',
  );
});

function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close(() => {
    db.destroy().then(() => process.exit(0));
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
