import { z } from 'zod';
import { DEFAULT_MIN_COVERAGE } from './domain/market/coverage';
import { parseSchedule } from './domain/time/syncSchedule';
import { parseSnapshotRetention } from './domain/market/snapshotRecords';

/** A setting's text parsed by `parse`: its error, the setting's message. */
const parsedBy =
  <T>(parse: (text: string) => T) =>
  (text: string, ctx: z.RefinementCtx): T => {
    try {
      return parse(text);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  };

const Env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^(sqlite|mysql):\/\//, 'must start with sqlite:// or mysql://')
      .default('sqlite://./data/ashare.sqlite'),
    /** A read replica (or a proxy in front of replicas) for the data routes; unset: they read DATABASE_URL. */
    DATABASE_READ_URL: z
      .string()
      .regex(/^(sqlite|mysql):\/\//, 'must start with sqlite:// or mysql://')
      .optional(),
    /** A read replica further behind its primary than this is reported not ready by /readyz. */
    REPLICA_MAX_LAG_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
    DEMO_DATA: z.enum(['auto', 'off']).default('auto'),
    DEMO_API_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,128}$/, 'must be 20-128 characters of A-Z a-z 0-9 _ -')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CURSOR_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    RESPONSE_CACHE: z
      .enum(['on', 'off'])
      .default('on')
      .transform((value) => value === 'on'),
    /** `off`: the server never prunes minute data (a store kept by its own retention, or a benchmark's fixed days). */
    MINUTE_RETENTION_DAYS: z.union([z.literal('off'), z.coerce.number().int().min(1).max(3650)]).default(90),
    /** A qlib provider_uri the updates keep current (`ashare export --format qlib` layout); unset: none. */
    QLIB_DIR: z.string().min(1).optional(),
    /**
     * The flat files' directory (`ashare export` layout), kept current after every load and update and served at
     * `/v1/files`; unset: none (`make run` sets ./data/flat).
     */
    FLAT_DIR: z.string().min(1).optional(),
    /** Bound on every database statement and on waiting for a pooled connection; past it a request gets 503. */
    DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
    /** How long SIGTERM waits for in-flight requests before closing their connections. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** Serve /metrics on this port only (e.g. one the load balancer does not expose); unset: on PORT. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** Origins whose pages may call the data routes (comma-separated, or `*`); unset: none. */
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .refine(
        (list) => list.every((origin) => origin === '*' || (URL.canParse(origin) && new URL(origin).origin === origin)),
        'must be `*` or origins such as https://app.example.com, comma-separated',
      ),
    /** Host names /mcp answers to besides localhost's (DNS-rebinding protection), comma-separated. */
    MCP_ALLOWED_HOSTS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine(
        (list) => list.every((host) => /^(\[[0-9a-f:]+\]|[a-z0-9.-]{1,253})$/.test(host)),
        'must be host names such as api.example.com, comma-separated',
      ),
    /**
     * HTTP server limits (docs/operations.md): a client must send its request headers within HTTP_HEADERS_TIMEOUT_MS
     * (slow-headers clients are dropped) and its whole request within HTTP_REQUEST_TIMEOUT_MS; an idle keep-alive
     * connection is kept HTTP_KEEP_ALIVE_TIMEOUT_MS, longer than a proxy's idle timeout (nginx and most load
     * balancers: 60 s), so the proxy closes first and never reuses a socket this end is closing; at most
     * HTTP_MAX_CONNECTIONS sockets at once (more are closed on accept).
     */
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(65_000),
    HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(4096),
    /**
     * Express's `trust proxy` (docs/operations.md): behind a reverse proxy, the hops to trust for the client's
     * address (X-Forwarded-For), so per-address budgets count clients, not the proxy: `1`, `loopback`, an address
     * list, or unset (the socket's address).
     */
    TRUST_PROXY: z
      .string()
      .max(512)
      .transform((value) => (value === 'true' ? true : /^\d+$/.test(value) ? Number(value) : value))
      .optional(),
    /**
     * Live quotes (docs/operations.md): `off` contacts no third party; `tencent` or `sina` polls that free,
     * unofficial source during the sessions (the other as failover), QUOTE_URL pointing it elsewhere (a local
     * server), QUOTE_SYMBOLS `all` (every listed stock and the main indices) or a list, every QUOTE_INTERVAL_MS;
     * `replay` plays the stored latest session as if live, QUOTE_REPLAY_SPEED times as fast (`make run`'s default).
     */
    QUOTE_SOURCE: z.enum(['off', 'tencent', 'sina', 'replay']).default('off'),
    QUOTE_REPLAY_SPEED: z.coerce.number().min(1).max(10_000).default(20),
    QUOTE_URL: z.string().url().optional(),
    QUOTE_SYMBOLS: z.string().max(100_000).default('all'),
    QUOTE_INTERVAL_MS: z.coerce.number().int().min(500).max(600_000).default(3000),
    /**
     * The snapshot recorder (README, "Recorded snapshots"): `1` keeps every snapshot the live feed takes under
     * SNAPSHOT_DIR (`make run` turns it on with the replay), SNAPSHOT_RETENTION the days (`30d`) or gigabytes
     * (`20GB`) kept, or `off`. `/v1/market/snapshots` reads SNAPSHOT_DIR whether this process records or not.
     */
    RECORD_SNAPSHOTS: z
      .enum(['0', '1'])
      .default('0')
      .transform((value) => value === '1'),
    SNAPSHOT_DIR: z.string().min(1).default('./data/snapshots'),
    SNAPSHOT_RETENTION: z.string().default('30d').transform(parsedBy(parseSnapshotRetention)),
    /**
     * The after-close update (README, "Keeping the store current"): `source@HH:MM` entries, Beijing time, e.g.
     * `baostock@17:45` or `tushare@16:30,baostock@18:30`; unset: nothing is scheduled (`ashare update` from cron).
     */
    SYNC_SCHEDULE: z.string().max(200).default('').transform(parsedBy(parseSchedule)),
    /** A session of a per-security daily dataset is loaded once it holds this share of the day's universe. */
    SYNC_MIN_COVERAGE: z.coerce.number().gt(0).max(1).default(DEFAULT_MIN_COVERAGE),
    /** Pauses before each further attempt of a session the source failed, ms, comma-separated. */
    SYNC_RETRY_DELAYS_MS: z
      .string()
      .regex(/^\d{1,7}(,\d{1,7}){0,9}$/, 'must be up to ten whole numbers of milliseconds, comma-separated')
      .default('5000,30000,120000')
      .transform((list) => list.split(',').map(Number)),
    /** /readyz fails when a scheduled dataset is more sessions behind than this; unset: it only names them. */
    READY_MAX_LAG_SESSIONS: z.coerce.number().int().min(0).max(10_000).optional(),
    BAOSTOCK_HOST: z.string().max(253).default('public-api.baostock.com'),
    BAOSTOCK_PORT: z.coerce.number().int().min(1).max(65535).default(10030),
    TUSHARE_TOKEN: z.string().max(200).optional(),
    TUSHARE_URL: z.string().url().default('https://api.tushare.pro'),
    VALIDATE_RESPONSES: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .refine((env) => env.HTTP_HEADERS_TIMEOUT_MS <= env.HTTP_REQUEST_TIMEOUT_MS, {
    path: ['HTTP_HEADERS_TIMEOUT_MS'],
    message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)',
  })
  .refine((env) => env.TUSHARE_TOKEN !== undefined || !env.SYNC_SCHEDULE.some((entry) => entry.source === 'tushare'), {
    path: ['SYNC_SCHEDULE'],
    message: 'schedules tushare, which needs TUSHARE_TOKEN',
  });

export type Config = z.infer<typeof Env>;

/** Reads the environment; a bad value stops the process with one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    console.error(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
    process.exit(1);
  }
  return parsed.data;
}
