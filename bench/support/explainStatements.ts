import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApp } from '../../src/app';
import { connect, type Db } from '../../src/db/connection';
import { isSqlite } from '../../src/db/dialect';

export interface Explained {
  scenario: string;
  sql: string;
  plan: string;
  /** The plan reads a whole large table or index instead of a range of it. */
  fullScan: boolean;
}

/** Tables that grow with the market's history: a scan of one of them grows with the store. */
const GROWING = [
  'daily_bars',
  'adj_factors',
  'daily_basic',
  'intraday_bars',
  'trades',
  'index_weights',
  'income_statements',
  'dividends',
];

/**
 * The statements each scenario's first request runs, caught from Knex's query events of the real app in this
 * process (requests one at a time, so each statement belongs to its request), and the database's plan of each.
 */
export async function explainStatements(
  databaseUrl: string,
  scenarios: Record<string, readonly string[]>,
  headers: Record<string, string>,
): Promise<Explained[]> {
  const db = connect(databaseUrl);
  const caught: Array<{ sql: string; bindings: readonly unknown[] }> = [];
  db.on('query', (query: { sql: string; bindings?: readonly unknown[] }) =>
    caught.push({ sql: query.sql, bindings: query.bindings ?? [] }),
  );
  const app = createApp({
    db,
    logger: pino({ level: 'silent' }),
    validateResponses: false,
    answerCache: { enabled: false },
  });
  const server = createServer(app.classes, app.listener).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const explained: Explained[] = [];
    for (const [scenario, paths] of Object.entries(scenarios)) {
      await (await fetch(base + paths[0], { headers })).arrayBuffer(); // caches of the process (calendar, search) filled
      caught.length = 0;
      await (await fetch(base + paths[1 % paths.length], { headers })).arrayBuffer();
      const seen = new Set<string>();
      for (const { sql, bindings } of caught.filter((query) => /^\s*(select|with)/i.test(query.sql))) {
        if (seen.has(sql)) continue;
        seen.add(sql);
        explained.push({ scenario, sql, ...(await planOf(db, sql, bindings)) });
      }
    }
    return explained;
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await db.destroy();
  }
}

async function planOf(db: Db, sql: string, bindings: readonly unknown[]): Promise<{ plan: string; fullScan: boolean }> {
  if (isSqlite(db)) {
    const rows = (await db.raw(`explain query plan ${sql}`, bindings as never)) as Array<{ detail: string }>;
    const scans = rows.filter(
      ({ detail }) =>
        /^SCAN (\w+)/.test(detail) &&
        GROWING.includes(/^SCAN (\w+)/.exec(detail)![1]!) &&
        !/USING (COVERING )?INDEX/.test(detail),
    );
    return { plan: rows.map(({ detail }) => detail).join('\n'), fullScan: scans.length > 0 };
  }
  const [rows] = (await db.raw(`explain ${sql}`, bindings as never)) as [Array<Record<string, unknown>>];
  const scans = rows.filter(
    (row) => GROWING.includes(String(row.table)) && (row.type === 'ALL' || row.type === 'index'),
  );
  return { plan: rows.map((row) => JSON.stringify(row)).join('\n'), fullScan: scans.length > 0 };
}
