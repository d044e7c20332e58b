/**
 * Measured imports, in a process of their own so the peak RSS is the importer's alone:
 * node --import tsx bench/ingest-child.ts <DATABASE_URL> <bundle dir>… → one JSON line on stdout: the rows and
 * seconds of all, of each directory (imported in order, as an operator loads one after another), the peak RSS.
 */
import { connect } from '../src/db/connection';
import { migrateLatest } from '../src/db/migrate';
import { importBundle } from '../src/ingest/bundle';

const [databaseUrl, ...dirs] = process.argv.slice(2) as [string, ...string[]];
const db = connect(databaseUrl);
await migrateLatest(db);
const each: Array<{ rows: number; seconds: number }> = [];
for (const dir of dirs) {
  const started = performance.now();
  const results = await importBundle(db, dir);
  each.push({
    rows: results.reduce((sum, result) => sum + result.rows, 0),
    seconds: (performance.now() - started) / 1000,
  });
}
await db.destroy();
const total = (key: 'rows' | 'seconds') => each.reduce((sum, one) => sum + one[key], 0);
console.log(
  JSON.stringify({
    rows: total('rows'),
    seconds: total('seconds'),
    each,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
