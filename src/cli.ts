import { Command, InvalidArgumentError } from 'commander';
import { loadConfig } from './config';
import { connect } from './db/connection';
import { migrateLatest } from './db/migrate';
import { BUNDLE_FILE_NAMES, bundleFiles, importBundle } from './ingest/bundle';
import { loadDemoDataIfEmpty } from './ingest/demo';
import { loadTable } from './ingest/loadTable';
import { universe } from './loaders/universeTable';
import { rejectionLines } from './loaders/loaderTypes';
import { clearUniverse, declaredUniverse, universeEntries } from './db/declaredUniverse';
import { storedDay } from './db/sql';
import { generateBundle } from './generate/generateBundle';
import { IngestError } from './ingest/ingestError';
import {
  auditProgress,
  auditReport,
  baostockSummary,
  consoleProgress,
  qlibProgress,
  qlibSummary,
  securityProgress,
  flatFileProgress,
  flatFileSummary,
  sessionProgress,
  universeReport,
  updateSummary,
} from './cliProgress';
import {
  AUDIT_GATES,
  auditFails,
  CHECK_NAMES,
  newFindingsLine,
  type AuditGate,
  type CheckName,
} from './domain/quality/findings';
import { auditCounts, runAudit, type AuditCounts } from './audit/runAudit';
import { BaostockClient } from './ingest/baostock/baostockClient';
import {
  BAOSTOCK_DATASETS,
  DEFAULT_BAOSTOCK_DATASETS,
  syncBaostock,
  type BaostockDataset,
} from './ingest/baostock/baostockSync';
import { exchangeToday } from './domain/time/clock';
import { INSTRUMENT_APIS, SYNC_APIS, syncTushare } from './ingest/tushare/tushareSync';
import { isIsoDate } from './domain/time/dates';
import { UPDATE_SOURCES, type UpdateSource } from './domain/time/syncSchedule';
import { whileHolding } from './db/leaderLock';
import { runUpdate } from './ingest/update/runUpdate';
import { UPDATE_LOCK_KEY } from './ingest/update/updateSchedule';
import { openSource } from './ingest/update/updateSources';
import { DataVersions } from './db/dataVersions';
import { TradingCalendar } from './modules/common/tradingCalendar.service';
import { countCoverage, StoreCoverage } from './modules/freshness/coverage.service';
import { coverageTable } from './modules/freshness/coverageTable.serializer';
import { FLAT_DATASETS, keepFlatFiles, writeFlatFiles } from './modules/tushare/flatFiles.service';
import { exportSnapshotDays } from './export/snapshotExport';
import { exportQlib } from './export/qlib/qlibExport';
import type { ColumnarFormat } from './http/answers/answerFormat';

const program = new Command('ashare').description('ashare-api data tools').showHelpAfterError();

function isoDate(value: string): string {
  if (!isIsoDate(value)) throw new InvalidArgumentError('expected YYYY-MM-DD');
  return value;
}

/** A parser of a comma-separated list of `what`s, each one of `known`. */
const listOf =
  <T extends string>(what: string, known: readonly T[]) =>
  (value: string): T[] => {
    const names = value.split(',').map((name) => name.trim());
    const unknown = names.filter((name) => !(known as readonly string[]).includes(name));
    if (unknown.length > 0)
      throw new InvalidArgumentError(`unknown ${what} ${unknown.join(', ')} (known: ${known.join(', ')})`);
    return names as T[];
  };

/** A parser of one of a few values (a `--format`), refusing anything else. */
const oneOf =
  <T extends string>(...known: readonly T[]) =>
  (value: string): T => {
    if (!(known as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected ${known.join(' or ')}`);
    return value as T;
  };

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

/** The audit of what a load brought (src/audit), told in one line: `ashare audit` lists the findings. */
/** The audit of a load's range: its counts and new findings by check, and the exit code `gate` asks for. */
async function auditAfterLoad(
  db: ReturnType<typeof connect>,
  range: { since?: string; until?: string },
  gate: AuditGate,
) {
  gateOnAudit(auditCounts(await runAudit(db, { ...range, minCoverage: loadConfig().SYNC_MIN_COVERAGE })), gate);
  await countCoverageAfterLoad(db);
}

/**
 * The store counted for `/v1/data/coverage` once a load changed it, so that the server reads the counts; and
 * FLAT_DIR's files, when set, written again where the load changed them.
 */
async function countCoverageAfterLoad(db: ReturnType<typeof connect>) {
  const config = loadConfig();
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  await countCoverage(db, { schedule: config.SYNC_SCHEDULE, minCoverage: config.SYNC_MIN_COVERAGE });
  console.error(`coverage: the store counted in ${seconds()} s`);
  if (config.FLAT_DIR === undefined) return;
  const summary = await keepFlatFiles(db, config.FLAT_DIR, flatFileProgress());
  console.error(`FLAT_DIR ${flatFileSummary(summary, seconds())}`);
}

function gateOnAudit(counts: AuditCounts, gate: AuditGate) {
  console.error(
    `audit: ${counts.findings} findings, ${counts.added} new (${counts.newErrors} errors), ${counts.openErrors} errors open in the store; 'ashare audit' lists them`,
  );
  console.error(`audit: new findings by check: ${newFindingsLine(counts.addedByCheck)}`);
  if (auditFails(gate, counts)) process.exitCode = 1;
}

/** The option every loading command takes: when its audit fails the command. */
const failOnOption = (defaultGate: AuditGate) =>
  [
    '--fail-on <when>',
    `exit 1 on the audit's error findings: new (not open before), open (any open in the store) or never (default ${defaultGate})`,
    oneOf(...AUDIT_GATES),
    defaultGate,
  ] as const;

program
  .command('migrate')
  .description('apply the database migrations')
  .action(() => withDb(async () => {}));

program
  .command('import')
  .description('import a Tushare-format CSV bundle (stock_basic.csv, daily.csv, …) from a directory')
  .argument('<dir>')
  .option(...failOnOption('never'))
  .action((dir: string, options: { failOn: AuditGate }) =>
    withDb(async (db) => {
      if (bundleFiles(dir).length === 0) {
        throw new InvalidArgumentError(
          `no Tushare-format files in ${dir} (expected any of ${BUNDLE_FILE_NAMES.join(', ')})`,
        );
      }
      await importBundle(db, dir, consoleProgress());
      await auditAfterLoad(db, {}, options.failOn);
    }),
  );

program
  .command('demo')
  .description(
    'load the bundled demo data (real, plus synthetic recent sessions of three stocks) into an empty database',
  )
  .action(() => withDb(async (db) => console.log(`${await loadDemoDataIfEmpty(db)} rows loaded`)));

const sync = program
  .command('sync')
  .description(
    'pull market data, index data, events and statements from Tushare Pro (TUSHARE_TOKEN, TUSHARE_URL), resumable; `sync baostock`: from Baostock, free',
  )
  // Not requiredOption: a required option of `sync` would be required of `sync baostock` too.
  .option('--from <date>', 'first date, YYYY-MM-DD (required)', isoDate)
  .option('--to <date>', 'last date, YYYY-MM-DD (required)', isoDate)
  .option(
    '--datasets <apis>',
    `comma-separated subset of ${SYNC_APIS.join(', ')}; without it all but the ETFs' and convertibles' (${INSTRUMENT_APIS.join(', ')}), synced only when named`,
  )
  .option('--only <apis>', 'the same as --datasets (its earlier name)')
  .option(
    '--calls-per-minute <n>',
    'pace of calls (Tushare limits each API per minute by account level)',
    positiveInt,
    200,
  )
  .option(...failOnOption('never'))
  .action(
    (options: {
      from?: string;
      to?: string;
      datasets?: string;
      only?: string;
      callsPerMinute: number;
      failOn: AuditGate;
    }) =>
      withDb(async (db) => {
        if (options.from === undefined || options.to === undefined)
          throw new InvalidArgumentError(
            `required option '--${options.from === undefined ? 'from' : 'to'} <date>' not specified`,
          );
        const { TUSHARE_TOKEN: token, TUSHARE_URL: url } = loadConfig();
        if (!token) throw new InvalidArgumentError('TUSHARE_TOKEN is not set');
        await syncTushare(db, {
          token,
          url,
          from: options.from,
          to: options.to,
          only: (options.datasets ?? options.only)?.split(',').map((api) => api.trim()),
          callsPerMinute: options.callsPerMinute,
          log: (line) => console.error(line),
        });
        await auditAfterLoad(db, { since: options.from, until: options.to }, options.failOn);
      }),
  );

sync
  .command('baostock')
  .description(
    'fill the store from Baostock (free, no token; BAOSTOCK_HOST, BAOSTOCK_PORT): calendar, stock list, daily bars, factors, valuations, dividends on request; resumable and idempotent',
  )
  .requiredOption('--since <date>', 'first date, YYYY-MM-DD', isoDate)
  .option('--until <date>', 'last date, YYYY-MM-DD (default: today in Beijing)', isoDate)
  .option(
    '--symbols <codes>',
    'comma-separated symbols (default: every stock listed in the range and the main indices)',
  )
  .option(
    '--datasets <names>',
    `comma-separated subset of ${BAOSTOCK_DATASETS.join(', ')} (default: all but dividends)`,
    listOf('dataset', BAOSTOCK_DATASETS),
    [...DEFAULT_BAOSTOCK_DATASETS],
  )
  .option(
    '--pause-ms <n>',
    'pause between two requests (one at a time: parallel clients get blacklisted)',
    positiveInt,
    200,
  )
  .option(
    '--check',
    'where the store already holds rows of the same days, report differences (close, volume, factor steps) and keep them',
  )
  .option(...failOnOption('never'))
  .action(
    (options: {
      since: string;
      until?: string;
      symbols?: string;
      datasets: BaostockDataset[];
      pauseMs: number;
      check?: boolean;
      failOn: AuditGate;
    }) =>
      withDb(async (db) => {
        const { BAOSTOCK_HOST: host, BAOSTOCK_PORT: port } = loadConfig();
        const client = new BaostockClient({ host, port, pauseMs: options.pauseMs });
        try {
          const summary = await syncBaostock(db, client, {
            since: options.since,
            until: options.until ?? exchangeToday(),
            symbols: options.symbols
              ?.split(',')
              .map((symbol) => symbol.trim())
              .filter(Boolean),
            datasets: options.datasets,
            check: options.check,
            onSecurity: securityProgress(),
          });
          console.error(baostockSummary(summary, options.check));
          await auditAfterLoad(db, { since: options.since, until: options.until ?? exchangeToday() }, options.failOn);
        } finally {
          await client.close();
        }
      }),
  );

program
  .command('update')
  .description(
    "the after-close update, as SYNC_SCHEDULE runs it (for cron; with REDIS_URL never beside the service's run): every session of the last 60 not yet complete, the missed ones included; exit code 1 when a session failed",
  )
  .option(
    '--source <name>',
    `${UPDATE_SOURCES.join(' or ')} (default: each source of SYNC_SCHEDULE, else baostock)`,
    (value: string) => {
      if (!(UPDATE_SOURCES as readonly string[]).includes(value))
        throw new InvalidArgumentError(`expected ${UPDATE_SOURCES.join(' or ')}`);
      return value as UpdateSource;
    },
  )
  .option(...failOnOption('never'))
  .action((options: { source?: UpdateSource; failOn: AuditGate }) =>
    withDb(async (db) => {
      const config = loadConfig();
      const sources =
        options.source !== undefined
          ? [options.source]
          : config.SYNC_SCHEDULE.length > 0
            ? config.SYNC_SCHEDULE.map((entry) => entry.source)
            : ['baostock' as const];
      const run = async () => {
        let failed = false;
        for (const name of sources) {
          const { source, close } = openSource(name, config);
          try {
            const summary = await runUpdate(db, source, {
              trigger: 'command',
              minCoverage: config.SYNC_MIN_COVERAGE,
              retryDelaysMs: config.SYNC_RETRY_DELAYS_MS,
              qlibDir: config.QLIB_DIR,
              log: (line) => console.error(line),
              onSession: sessionProgress(),
            });
            console.error(updateSummary(name, summary));
            failed ||= summary.status === 'failed';
            if (summary.audit !== null) gateOnAudit(summary.audit, options.failOn);
          } finally {
            await close();
          }
        }
        await countCoverageAfterLoad(db);
        if (failed) process.exitCode = 1;
      };
      if (config.REDIS_URL === undefined) return run();
      // With Redis, the scheduled runner's lock: never beside a run of the service (or another command).
      const { Redis } = await import('ioredis');
      const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
      try {
        const outcome = await whileHolding(redis, UPDATE_LOCK_KEY, run);
        if (!outcome.held)
          throw new InvalidArgumentError(
            `another process is running the update (it holds ${UPDATE_LOCK_KEY} in Redis); try again when it is done`,
          );
      } finally {
        redis.disconnect();
      }
    }),
  );

program
  .command('status')
  .description(
    'how current each dataset is: first and last session, the one expected by now, lag, sessions missing, partial or failed of the last 60, the last and next update',
  )
  .action(() =>
    withDb(async (db) => {
      const config = loadConfig();
      const versions = new DataVersions(db, 0);
      const coverage = new StoreCoverage({ db, primary: db }, versions, new TradingCalendar(db, versions), {
        schedule: config.SYNC_SCHEDULE,
        minCoverage: config.SYNC_MIN_COVERAGE,
        snapshotDir: config.SNAPSHOT_DIR,
      });
      console.log(coverageTable(await coverage.report(null)));
    }),
  );

program
  .command('audit')
  .description(
    "audit the stored bars, factors, distributions and balance sheets against the exchanges' rules (src/domain/quality); keeps the findings, resolves the fixed ones; exit code 1 as --fail-on says (by default when an error is new)",
  )
  .option('--since <date>', 'first day, YYYY-MM-DD (default: the first stored)', isoDate)
  .option('--until <date>', 'last day, YYYY-MM-DD (default: the last stored)', isoDate)
  .option('--symbols <codes>', 'comma-separated standard codes (600519.SH, …); the whole-market checks are left out')
  .option('--checks <names>', `comma-separated subset of ${CHECK_NAMES.join(', ')}`, listOf('check', CHECK_NAMES))
  .option('--format <format>', 'table or json', oneOf('table', 'json'), 'table')
  .option(
    '--computed-limits <days>',
    "the days that get the audit's limit prices where the source sent none (price-limits, stk_limit): recent (the last 250 sessions) or all",
    oneOf('recent', 'all'),
    'recent',
  )
  .option(...failOnOption('new'))
  .action(
    (options: {
      since?: string;
      until?: string;
      symbols?: string;
      checks?: CheckName[];
      format: 'table' | 'json';
      computedLimits: 'recent' | 'all';
      failOn: AuditGate;
    }) =>
      withDb(async (db) => {
        const summary = await runAudit(db, {
          since: options.since,
          until: options.until,
          symbols: options.symbols?.split(',').map((code) => code.trim().toUpperCase()),
          checks: options.checks,
          minCoverage: loadConfig().SYNC_MIN_COVERAGE,
          computedLimits: options.computedLimits,
          progress: auditProgress(),
        });
        console.log(auditReport(summary, options.format));
        if (auditFails(options.failOn, summary)) process.exitCode = 1;
      }),
  );

program
  .command('universe')
  .description(
    "the store's declared universe, what completeness, coverage and the audit count a session against: shown, declared from a universe.csv (scope,code,start_date,end_date: market,*; index,000300.SH; security,600519.SH), or the whole market again",
  )
  .option('--file <csv>', 'declare the lines of this universe.csv (they replace the declaration)')
  .option('--market', 'declare the whole market (the declaration is emptied)')
  .action((options: { file?: string; market?: boolean }) =>
    withDb(async (db) => {
      if (options.file !== undefined)
        for (const line of rejectionLines(await loadTable(db, options.file, universe))) console.error(line);
      else if (options.market) await clearUniverse(db);
      const last = await db('daily_bars').max({ day: 'trade_date' }).first();
      console.log(universeReport(await universeEntries(db), await declaredUniverse(db), storedDay(last?.day)));
    }),
  );

program
  .command('export')
  .description(
    "write the flat files: each dataset's rows in Tushare's layout and units under OUT/<dataset>/, a file a closed year (2024.parquet), a closed month of this year (2026-11.parquet), a day of this month (2026-12-04.parquet) or a reference table's snapshot (snapshot.parquet), with manifest.json (each file's period, rows, bytes, sha256) written last; a rerun writes only the files the store's changes since touch (FLAT_DIR: kept so after every load and update). --format qlib: the whole store in qlib's binary layout (provider_uri), appended to by each later run",
  )
  .option(
    '--datasets <names>',
    `comma-separated (default: every one), of ${FLAT_DATASETS.join(', ')} and snapshots (the recorder's closed days, copied as they are; not with qlib)`,
    listOf('dataset', [...FLAT_DATASETS, 'snapshots']),
  )
  .option(
    '--since <date>',
    'only the files whose period ends on or after this day, YYYY-MM-DD, each whole (not with qlib)',
    isoDate,
  )
  .option(
    '--until <date>',
    'only the files whose period begins on or before this day, YYYY-MM-DD (default: today)',
    isoDate,
  )
  .option(
    '--full',
    'read every file again, not only those the changes touch (a file whose bytes are the same is left as it is)',
  )
  .option(
    '--format <format>',
    'parquet, arrow (an Arrow IPC stream a file) or qlib',
    oneOf('parquet', 'arrow', 'qlib'),
    'parquet',
  )
  .requiredOption('--out <dir>', 'output directory')
  .action(
    (options: {
      datasets?: string[];
      since?: string;
      until?: string;
      full?: boolean;
      format: ColumnarFormat | 'qlib';
      out: string;
    }) =>
      withDb(async (db) => {
        const started = performance.now();
        const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
        if (options.format === 'qlib') {
          const summary = await exportQlib(db, { out: options.out, progress: qlibProgress() });
          console.error(qlibSummary(summary, seconds()));
          return;
        }
        if (options.datasets?.includes('snapshots')) {
          const copied = await exportSnapshotDays(loadConfig().SNAPSHOT_DIR, {
            out: options.out,
            since: options.since ?? '0000-01-01',
            until: options.until ?? exchangeToday(),
          });
          console.error(
            `export: recorded snapshots of ${copied.days} days, ${copied.files} files (${copied.written} written, ${copied.unchanged} unchanged)`,
          );
        }
        const datasets = options.datasets?.filter((name) => name !== 'snapshots');
        if (datasets?.length === 0) return;
        const summary = await writeFlatFiles(db, new TradingCalendar(db, new DataVersions(db, 0)), {
          datasets,
          since: options.since,
          until: options.until,
          full: options.full,
          format: options.format,
          out: options.out,
          progress: flatFileProgress(),
        });
        console.error(flatFileSummary(summary, seconds()));
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
  if (
    err instanceof IngestError ||
    err instanceof InvalidArgumentError ||
    ['TushareError', 'BaostockError'].includes((err as Error).name)
  ) {
    console.error(`error: ${(err as Error).message}`);
    process.exit(1);
  }
  throw err;
}
