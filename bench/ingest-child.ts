/**
 * One measured import, in a process of its own so its peak RSS is the importer's alone:
 * node --import tsx bench/ingest-child.ts <DATABASE_URL> <bundle dir> → one JSON line on stdout.
 */
import { connect } from '../src/db/connection';
import { migrateLatest } from '../src/db/migrate';
import { importBundle } from '../src/ingest/bundle';

const [databaseUrl, dir] = process.argv.slice(2) as [string, string];
const db = connect(databaseUrl);
await migrateLatest(db);
const started = performance.now();
const results = await importBundle(db, dir);
const seconds = (performance.now() - started) / 1000;
await db.destroy();
const rows = results.reduce((sum, result) => sum + result.rows, 0);
console.log(JSON.stringify({ rows, seconds, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
