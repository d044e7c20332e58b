import { Command, InvalidArgumentError } from 'commander';
import { loadConfig } from './config';
import { connect } from './db/connection';
import { migrateLatest } from './db/migrate';
import { bundleFiles, importBundle, LOADERS } from './ingest/bundle';
import { loadDemoDataIfEmpty } from './ingest/demo';
import { generateBundle } from './ingest/generate/generateBundle';
import { IngestError } from './ingest/ingestError';
import { consoleProgress } from './ingest/progress';
import { SYNC_APIS, syncTushare } from './ingest/tushare/sync';
import { isIsoDate } from './domain/dates';

const program = new Command('ashare').description('ashare-api data tools').showHelpAfterError();

function isoDate(value: string): string {
  if (!isIsoDate(value)) throw new InvalidArgumentError('expected YYYY-MM-DD');
  return value;
}

function positiveInt(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new InvalidArgumentError('expected a positive whole number');
  return number;
}

/** Runs `work` on the configured database (migrated first) and closes it. */
async function withDb<T>(work: (db: ReturnType<typeof connect>) => Promise<T>): Promise<T> {
  const db = connect(loadConfig().DATABASE_URL);
  try {
    await migrateLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
  }
}

program.command('migrate').description('apply the database migrations').action(() => withDb(async () => {}));

program
  .command('import')
  .description('import a Tushare-format CSV bundle (stock_basic.csv, daily.csv, …) from a directory')
  .argument('<dir>')
  .action((dir: string) =>
    withDb(async (db) => {
      if (bundleFiles(dir).length === 0) {
        throw new InvalidArgumentError(`no Tushare-format files in ${dir} (expected any of ${LOADERS.map(([api]) => `${api}.csv`).join(', ')})`);
      }
      await importBundle(db, dir, consoleProgress());
    }),
  );

program
  .command('demo')
  .description('load the bundled demo data (real, plus synthetic recent sessions of three stocks) into an empty database')
  .action(() => withDb(async (db) => console.log(`${await loadDemoDataIfEmpty(db)} rows loaded`)));

program
  .command('sync')
  .description('pull market data, index data, events and statements from Tushare Pro (TUSHARE_TOKEN, TUSHARE_URL), resumable')
  .requiredOption('--from <date>', 'first date, YYYY-MM-DD', isoDate)
  .requiredOption('--to <date>', 'last date, YYYY-MM-DD', isoDate)
  .option('--only <apis>', `comma-separated subset of ${SYNC_APIS.join(', ')}`)
  .option('--calls-per-minute <n>', 'pace of calls (Tushare limits each API per minute by account level)', positiveInt, 200)
  .action((options: { from: string; to: string; only?: string; callsPerMinute: number }) =>
    withDb(async (db) => {
      const token = process.env.TUSHARE_TOKEN;
      if (!token) throw new InvalidArgumentError('TUSHARE_TOKEN is not set');
      await syncTushare(db, {
        token,
        url: process.env.TUSHARE_URL ?? 'https://api.tushare.pro',
        from: options.from,
        to: options.to,
        only: options.only?.split(',').map((api) => api.trim()),
        callsPerMinute: options.callsPerMinute,
        log: (line) => console.error(line),
      });
    }),
  );

program
  .command('generate')
  .description('write a synthetic, seeded Tushare-format bundle for load tests (never loaded by default)')
  .requiredOption('--out <dir>', 'output directory')
  .option('--stocks <n>', 'number of stocks', positiveInt, 5000)
  .option('--years <n>', 'years of history', positiveInt, 10)
  .option('--seed <n>', 'random seed', positiveInt, 1)
  .action(async (options: { out: string; stocks: number; years: number; seed: number }) => {
    const counts = await generateBundle(options);
    for (const [file, rows] of Object.entries(counts)) console.error(`${file}: ${rows} rows`);
  });

try {
  await program.parseAsync();
} catch (err) {
  if (err instanceof IngestError || err instanceof InvalidArgumentError || (err as Error).name === 'TushareError') {
    console.error(`error: ${(err as Error).message}`);
    process.exit(1);
  }
  throw err;
}
