/**
 * The SQL of one uncached income-statement request (10 symbols × 20 quarters) on the bench/financials.ts
 * fixture, captured with Knex's query events, and the database's plan of each statement-table query (EXPLAIN on
 * MariaDB, EXPLAIN QUERY PLAN on SQLite): how many queries a request makes per table, and which index serves
 * them. `node --import tsx bench/statement-queries.ts <database URL of the fixture>` → bench/results/statement-queries-<dialect>.txt.
 */
import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { createApp } from '../src/app';
import { connect } from '../src/db/connection';

const url = process.argv[2];
if (!url) throw new Error('usage: bench/statement-queries.ts <database URL of the bench/financials.ts fixture>');
const mysql = url.startsWith('mysql://');
const db = connect(url);
const key = 'ak_bench_financials'; // bench/financials.ts issued it with the fixture
const codes = (await db('income_statements').distinct('ts_code').orderBy('ts_code').limit(10)).map(
  (row: { ts_code: string }) => row.ts_code,
);
const app = createApp({
  db,
  logger: pino({ level: 'silent' }),
  validateResponses: false,
  answerCache: { enabled: false },
});
const server = createServer(app.classes, app.listener).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const captured: { sql: string; bindings: readonly Knex.RawBinding[] }[] = [];
db.on('query', (query: { sql: string; bindings?: readonly Knex.RawBinding[] }) =>
  captured.push({ sql: query.sql, bindings: query.bindings ?? [] }),
);
const path = `/v1/financials/income-statement?symbol=${codes.join(',')}&period=quarterly&limit=20`;
const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, {
  headers: { 'X-API-KEY': key },
});
if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
db.removeAllListeners('query');
server.close();

const lines = [`GET ${path}`, `${captured.length} queries:`];
for (const { sql, bindings } of captured) {
  lines.push('', sql);
  if (!/from `(income_statements|balance_sheets|cash_flows)`/.test(sql)) continue;
  const plan = mysql
    ? (await db.raw(`explain ${sql}`, bindings))[0]
    : await db.raw(`explain query plan ${sql}`, bindings);
  for (const row of plan as Record<string, unknown>[]) {
    lines.push(
      mysql
        ? `  plan: type ${row.type}, key ${row.key} (${row.key_len} bytes), rows ${row.rows}, ${row.Extra}`
        : `  plan: ${row.detail}`,
    );
  }
}
await db.destroy();
const text = `${lines.join('\n')}\n`;
writeFileSync(`bench/results/statement-queries-${mysql ? 'mysql' : 'sqlite'}.txt`, text);
process.stdout.write(text);
