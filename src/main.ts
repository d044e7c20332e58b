import { Redis } from 'ioredis';
import { pino } from 'pino';
import { createApp } from './app';
import { loadConfig } from './config';
import { loadContract } from './http/contract';
import { operationPolicies } from './http/operations';
import { LimiterStore } from './http/rateLimitStore';
import { UsageRecorder } from './modules/billing/usage.service';
import { connect } from './db/connection';
import { migrateLatest } from './db/migrate';
import { loadDemoDataIfEmpty } from './ingest/demo';
import { ensureDemoKey } from './modules/accounts/demoAccount.service';
import { schedulePruning } from './modules/market/retention.service';

const config = loadConfig();
// Lines are written in 4 KB batches, not one write(2) per request; a quiet server still shows them within
// a second, and pino flushes the rest on exit.
const logDestination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
const logger = pino({ level: config.LOG_LEVEL }, logDestination);
setInterval(() => logDestination.flush(), 1000).unref();
const db = connect(config.DATABASE_URL);

await migrateLatest(db);
if (config.DEMO_DATA === 'auto') {
  const loaded = await loadDemoDataIfEmpty(db);
  if (loaded > 0) logger.info({ rows: loaded }, 'loaded the demo data');
}
const createdKey = await ensureDemoKey(db, config.DEMO_API_KEY);

const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
redis?.on('error', (err) => logger.warn({ err: err.message }, 'redis unavailable; rate limits fall back to this instance'));
const usage = new UsageRecorder(db, logger);
const limiters = new LimiterStore(redis);
schedulePruning(db, config.MINUTE_RETENTION_DAYS, (err) => logger.error({ err }, 'pruning minute data failed'));

const app = createApp({
  db,
  logger,
  validateResponses: config.VALIDATE_RESPONSES,
  limiters,
  usage,
  cursorSecret: config.CURSOR_SECRET,
  answerCache: { enabled: config.RESPONSE_CACHE },
});
const server = app.listen(config.PORT, config.HOST, () => {
  const base = `http://localhost:${config.PORT}`;
  const demoKey = config.DEMO_API_KEY ?? createdKey;
  const basicInfo = operationPolicies(loadContract()).find((operation) => operation.operationId === 'getBasicInfo')!.path;
  console.log(`ashare-api listening on ${base}`);
  console.log(`API docs:      ${base}/docs`);
  console.log(
    demoKey
      ? `Demo API key:  ${demoKey}\nTry:           curl -H 'X-API-KEY: ${demoKey}' '${base}${basicInfo}?symbol=600519'`
      : 'Demo API key:  shown at first start only; set DEMO_API_KEY to fix its value',
  );
});

function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  server.close(async () => {
    await usage.stop();
    redis?.disconnect();
    await db.destroy();
    process.exit(0);
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
