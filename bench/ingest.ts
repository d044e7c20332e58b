/**
 * Ingestion benchmark: imports the generated bundle's daily.csv (5,000 stocks × 10 years ≈ 12 M rows at full
 * scale) with the importer, and beside it the database's own bulk path on the same file with the same unit
 * conversion: MariaDB's LOAD DATA LOCAL INFILE, SQLite's `.import` into a raw table + INSERT … SELECT.
 *
 *   node --import tsx bench/ingest.ts [--stocks 5000] [--years 10] [--db mysql,sqlite]
 *   (MYSQL_BENCH_URL, default mysql://root@127.0.0.1:3306; results in bench/results/ingest-*.json)
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import { connect } from '../src/db/connection';
import { migrateLatest } from '../src/db/migrate';
import { generateBundle } from '../src/generate/generateBundle';
import { loadDataInfile, sqliteImportDaily } from './support/bulkReference';
import { removeSqliteFile } from './support/reference';

const { values: args } = parseArgs({
  options: {
    stocks: { type: 'string', default: '5000' },
    years: { type: 'string', default: '10' },
    db: { type: 'string', default: 'mysql,sqlite' },
  },
});
const stocks = Number(args.stocks);
const years = Number(args.years);
const serverUrl = ((url) => `mysql://${url.username}${url.password ? `:${url.password}` : ''}@${url.host}`)(
  new URL(process.env.MYSQL_BENCH_URL ?? 'mysql://root@127.0.0.1:3306'),
);

const work = join(tmpdir(), `ashare-bench-${stocks}x${years}`);
const bundle = join(work, 'bundle');
if (!existsSync(join(bundle, 'daily.csv'))) {
  console.error(`generating ${stocks} stocks × ${years} years into ${bundle} …`);
  await generateBundle({ out: bundle, stocks, years, seed: 1 });
}
const dailyOnly = join(work, 'daily-only');
mkdirSync(dailyOnly, { recursive: true });
copyFileSync(join(bundle, 'daily.csv'), join(dailyOnly, 'daily.csv'));
const dailyRows =
  Number(
    execFileSync('wc', ['-l', join(dailyOnly, 'daily.csv')])
      .toString()
      .split(' ')[0],
  ) - 1;

interface Measured {
  rows: number;
  seconds: number;
  peakRssMb?: number;
}

function importer(databaseUrl: string): Measured {
  // The same heap cap as `npm run ashare` (package.json), so the peak RSS is the CLI's.
  const out = execFileSync(
    process.execPath,
    ['--max-old-space-size=128', '--import', 'tsx', 'bench/ingest-child.ts', databaseUrl, dailyOnly],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as Measured;
}

async function mysqlBench(): Promise<Record<string, unknown>> {
  const names = [`ashare_bench_importer_${process.pid}`, `ashare_bench_loaddata_${process.pid}`];
  const admin = await mysql.createConnection(`${serverUrl}/`);
  try {
    for (const name of names) await admin.query(`create database ${name} character set utf8mb4`);
    const ours = importer(`${serverUrl}/${names[0]}`);
    const knex = connect(`${serverUrl}/${names[1]}`);
    await migrateLatest(knex);
    await knex.destroy();
    const seconds = await loadDataInfile(`${serverUrl}/${names[1]}`, 'daily_bars', join(dailyOnly, 'daily.csv'));
    return report('mariadb', ours, { rows: dailyRows, seconds });
  } finally {
    for (const name of names) await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

async function sqliteBench(): Promise<Record<string, unknown>> {
  const files = [join(work, 'importer.sqlite'), join(work, 'reference.sqlite')];
  for (const file of files) removeSqliteFile(file);
  const ours = importer(`sqlite://${files[0]}`);
  const knex = connect(`sqlite://${files[1]}`);
  await migrateLatest(knex);
  await knex.destroy();
  const seconds = sqliteImportDaily(files[1]!, join(dailyOnly, 'daily.csv'));
  return report('sqlite', ours, { rows: dailyRows, seconds });
}

function report(database: string, ours: Measured, reference: Measured): Record<string, unknown> {
  const result = {
    database,
    bundle: `${stocks} stocks × ${years} years`,
    daily_rows: dailyRows,
    importer: {
      rows: ours.rows,
      seconds: round(ours.seconds),
      rows_per_second: Math.round(ours.rows / ours.seconds),
      peak_rss_mb: ours.peakRssMb,
    },
    reference: {
      method: database === 'mariadb' ? 'LOAD DATA LOCAL INFILE' : 'sqlite3 .import + INSERT … SELECT',
      seconds: round(reference.seconds),
      rows_per_second: Math.round(reference.rows / reference.seconds),
    },
    importer_share_of_reference: round(ours.seconds === 0 ? 0 : reference.seconds / ours.seconds),
    // The machine may be shared: the 1-minute load average when the figures were taken.
    load_average_1m: round(loadavg()[0]!),
    measured_at: new Date().toISOString(),
  };
  writeFileSync(
    join('bench', 'results', `ingest-${database}-${stocks}x${years}.json`),
    JSON.stringify(result, null, 2) + '\n',
  );
  console.log(JSON.stringify(result));
  return result;
}

const round = (value: number) => Math.round(value * 100) / 100;

for (const database of args.db!.split(',')) {
  if (database === 'mysql') await mysqlBench();
  else if (database === 'sqlite') await sqliteBench();
  else throw new Error(`unknown --db ${database}`);
}
