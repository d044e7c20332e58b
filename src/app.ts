import type { Logger } from 'pino';
import type { Knex } from 'knex';
import { AnswerCache, type AnswerCacheOptions } from './http/answers/answerCache';
import { DataVersions } from './db/dataVersions';
import { loadContract } from './http/contract';
import { httpApp } from './http/httpApp';
import type { HttpApp } from './http/aheadOfRouter';
import { Metrics } from './http/metrics';
import { LimiterStore } from './http/rateLimitStore';
import type { RequestBudgets } from './http/rateLimit';
import { consoleRoutes } from './console/console.routes';
import { explorerRoutes } from './explorer/explorer.routes';
import { apiKeysHandlers } from './modules/accounts/apiKeys.handlers';
import { keyOwnerLookup } from './modules/accounts/apiKeys.service';
import { PlanCatalog } from './modules/subscriptions/planCatalog.service';
import { PlanVisibility } from './modules/subscriptions/planVisibility.service';
import { authHandlers } from './modules/accounts/auth.handlers';
import { KeyCache } from './modules/accounts/keyCache.service';
import { hashKey } from './domain/access/keyMaterial';
import { LoginThrottle, type LoginLimits } from './modules/accounts/loginThrottle.service';
import { findSessionAccount } from './modules/accounts/sessions.repository';
import { billingHandlers } from './modules/billing/billing.handlers';
import { UsageRecorder } from './modules/billing/usage.service';
import { financialsHandlers } from './modules/financials/financials.handlers';
import { marketHandlers } from './modules/market/market.handlers';
import { snapshotsHandlers } from './modules/snapshots/snapshots.handlers';
import { filesHandlers } from './modules/files/files.handlers';
import { FlatManifestReader } from './modules/files/files.repository';
import { streamHandlers } from './modules/market/stream.handlers';
import { datasetsHandlers } from './modules/datasets/datasets.handlers';
import { StreamHub } from './modules/market/streamHub.service';
import { TradingCalendar } from './modules/common/tradingCalendar.service';
import { securityDirectorySource } from './modules/common/securityDirectory.service';
import { stocksHandlers } from './modules/stocks/stocks.handlers';
import { SecuritySearch } from './modules/stocks/securitySearch.service';
import { StockList } from './modules/reference/stockList.service';
import { CodeHistory } from './modules/common/codeHistory.service';
import { referenceHandlers } from './modules/reference/reference.handlers';
import { eventsHandlers } from './modules/events/events.handlers';
import { tushareHandlers } from './modules/tushare/tushare.handlers';
import { StoreCoverage, type CoverageSettings } from './modules/freshness/coverage.service';
import { freshnessHandlers } from './modules/freshness/freshness.handlers';
import { instrumentDaysHandlers } from './modules/instruments/instrumentDays.handlers';
import { industryDaysHandlers } from './modules/industries/industryDays.handlers';
import { DEFAULT_MIN_COVERAGE } from './domain/market/coverage';
import { Readiness } from './modules/system/readiness.service';
import { systemRoutes } from './modules/system/system.routes';
import { mcpRoutes } from './mcp/mcp.routes';
import { guideResources } from './mcp/agentGuide';
import { ResultStores } from './mcp/resultStore';
import { toolCatalog } from './mcp/toolCatalog';
import type { KeyOwner } from './http/ports';

export interface AppDeps {
  db: Knex;
  /** The data routes' pool (DATABASE_READ_URL, a replica); `db` when absent. Accounts, keys and usage use `db`. */
  readDb?: Knex;
  logger: Logger;
  validateResponses: boolean;
  keyCache?: KeyCache;
  /** Rate-limit store: in-process unless given one on Redis. */
  limiters?: LimiterStore;
  /** Usage buffer; main.ts passes its own so SIGTERM can flush it. */
  usage?: UsageRecorder;
  loginLimits?: LoginLimits;
  budgets?: RequestBudgets;
  answerCache?: AnswerCacheOptions;
  /** How long a read data version is trusted (ms); 0 reads it on every request (tests). */
  dataVersionTtlMs?: number;
  /** Secret that signs trade cursors; a random one per process when absent (cursors then die with it). */
  cursorSecret?: string;
  /** The snapshot recorder's directory (SNAPSHOT_DIR) that `/v1/market/snapshots` reads; none: nothing recorded. */
  snapshotDir?: string;
  /** FLAT_DIR: the flat files served at /v1/files; none: none are kept here. */
  flatDir?: string;
  /** Readiness of this instance; main.ts passes its own so SIGTERM can report draining. */
  readiness?: Readiness;
  /** Metrics of this process; main.ts passes its own so METRICS_PORT and the cluster primary can serve them. */
  metrics?: Metrics;
  /** True when /metrics is served on METRICS_PORT, so the API port does not serve it. */
  metricsOnOwnPort?: boolean;
  /** CORS_ORIGINS: none by default. */
  corsOrigins?: readonly string[];
  /** MCP_ALLOWED_HOSTS: host names /mcp answers to besides localhost's. */
  mcpAllowedHosts?: readonly string[];
  /** The instant plan delays are counted from: the system clock unless a test sets one. */
  clock?: () => Date;
  /** The live stream's fan-out, fed by the quote feed through the live bus (main.ts); an idle one otherwise. */
  liveHub?: StreamHub;
  /** TRUST_PROXY: Express's `trust proxy`. */
  trustProxy?: boolean | number | string;
  /** SYNC_SCHEDULE and SYNC_MIN_COVERAGE: when data is due, and when a session counts as loaded. */
  coverage?: Partial<CoverageSettings>;
  /** READY_MAX_LAG_SESSIONS: /readyz fails past it. */
  readyMaxLagSessions?: number;
}

/** The host names of this machine, always allowed at /mcp. */
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The composition root: the modules answer the HTTP layer's ports and give a handler for every operation. */
export function createApp(deps: AppDeps): HttpApp {
  const { db, logger, validateResponses } = deps;
  const readDb = deps.readDb ?? db;
  const contract = loadContract();
  const keyCache = deps.keyCache ?? new KeyCache();
  // Plans live with the accounts, on the primary; the key check and plan visibility read them here.
  const plans = new PlanCatalog(db);
  const visibility = new PlanVisibility(plans, deps.clock);
  const limiters = deps.limiters ?? new LimiterStore();
  const usage = deps.usage ?? new UsageRecorder(db, logger);
  // The data versions of the read pool: cached answers are keyed on them, and what is held in memory is rebuilt
  // when they move, so both see the same versions.
  const versions = new DataVersions(readDb, deps.dataVersionTtlMs ?? 1000);
  const answers = new AnswerCache(versions, deps.answerCache);
  const securities = new SecuritySearch(readDb, versions);
  securities.warmUp();
  const codes = new CodeHistory(readDb, versions);
  codes.warmUp();
  const calendar = new TradingCalendar(readDb, versions);
  calendar.warmUp();
  const directory = securityDirectorySource(readDb, versions);
  directory.warmUp();
  const stockList = new StockList(readDb, versions, codes);
  stockList.warmUp();
  const coverage = new StoreCoverage(
    { db: readDb, primary: db },
    versions,
    calendar,
    {
      schedule: deps.coverage?.schedule ?? [],
      minCoverage: deps.coverage?.minCoverage ?? DEFAULT_MIN_COVERAGE,
      snapshotDir: deps.snapshotDir,
    },
    deps.clock,
  );
  const metrics = deps.metrics ?? new Metrics();
  metrics.watch({ db, answers, usage });
  metrics.watchFreshness(coverage);
  const readiness = deps.readiness ?? new Readiness(db, readDb);
  readiness.watchFreshness(() => coverage.lags(), deps.readyMaxLagSessions);
  // A store that keeps itself current (an update schedule) and whose calendar does not reach today is broken; a
  // store loaded once (a research copy, a bundle) is read as it stands.
  if (coverage.settings.schedule.length > 0) readiness.watchCalendar(() => coverage.calendarReach());
  const access = {
    keyOwner: keyOwnerLookup(db, keyCache, plans),
    session: (token: string) => findSessionAccount(db, hashKey(token)),
    recordUsage: (owner: KeyOwner, endpoint: string, bytes: number) => usage.record(owner, endpoint, bytes),
  };
  // The MCP tools ask this same app, in process: it exists by the time a tool is called.
  const mcp = mcpRoutes({
    tools: toolCatalog(contract),
    resources: guideResources(contract),
    stores: new ResultStores(),
    keyOwner: access.keyOwner,
    app: (req, res) => app.listener(req, res),
    allowedHosts: [...LOCAL_HOSTS, ...(deps.mcpAllowedHosts ?? [])],
    version: contract.info.version,
  });
  const app = httpApp({
    contract,
    logger,
    validateResponses,
    limiters,
    budgets: deps.budgets,
    answers,
    access,
    handlers: {
      ...stocksHandlers(readDb, codes, securities, answers, visibility),
      ...referenceHandlers(readDb, codes, calendar, stockList, visibility),
      ...eventsHandlers(readDb, codes),
      ...marketHandlers({
        db: readDb,
        codes,
        calendar,
        directory,
        answers,
        visibility,
        cursorSecret: deps.cursorSecret,
      }),
      ...datasetsHandlers({ db: readDb, codes, answers, visibility }),
      ...snapshotsHandlers({ root: deps.snapshotDir, codes, visibility, cursorSecret: deps.cursorSecret }),
      ...filesHandlers({
        files: deps.flatDir === undefined ? undefined : new FlatManifestReader(deps.flatDir),
        visibility,
      }),
      ...instrumentDaysHandlers({ db: readDb, calendar, answers, visibility }),
      ...industryDaysHandlers({ db: readDb, calendar, answers, visibility }),
      ...freshnessHandlers({ db: readDb, codes, calendar, coverage, visibility, clock: deps.clock }),
      ...streamHandlers({ db: readDb, codes, hub: deps.liveHub ?? new StreamHub({ clock: deps.clock }), visibility }),
      ...financialsHandlers(readDb, codes, answers),
      ...tushareHandlers(readDb, calendar, visibility, codes),
      ...authHandlers(db, new LoginThrottle(limiters, deps.loginLimits)),
      ...apiKeysHandlers(db, keyCache),
      ...billingHandlers({ db, usage, onPlanChange: (accountId) => keyCache.forgetAccount(accountId) }),
    },
    metrics,
    corsOrigins: deps.corsOrigins ?? [],
    trustProxy: deps.trustProxy,
    openRoutes: [
      systemRoutes(contract, { readiness, metrics: deps.metricsOnOwnPort ? undefined : metrics }),
      consoleRoutes(),
      explorerRoutes(),
      mcp,
    ],
  });
  return app;
}
