import { connect } from '../src/db/connection';
import { statementPages } from '../src/modules/financials/financials.service';
import { parseStatementQuery } from '../src/modules/financials/statementQuery';
import { INCOME_READER, toIncomeRecord } from '../src/modules/financials/income.serializer';
import { statementRows } from '../src/modules/financials/financials.repository';
const db = connect(process.argv[2]!);
const codes = (await db('securities').where({ kind: 'stock' }).orderBy('ts_code').limit(5000).pluck('ts_code')) as string[];
let seed = 7; const rnd = () => ((seed = (seed * 1664525 + 1013904223) % 2 ** 32), seed / 2 ** 32);
const a: number[] = [], b: number[] = [];
for (let i = 0; i < 400; i++) {
  const syms = Array.from({ length: 10 }, () => codes[Math.floor(rnd() * codes.length)]!);
  const q = parseStatementQuery({ symbol: syms.join(','), period: 'quarterly', limit: 20 });
  let t = performance.now();
  await statementRows(db, 'income_statements', { codes: q.symbols, reportType: 1, from: '2020-01-01', to: q.end }, INCOME_READER.columns);
  a.push(performance.now() - t); t = performance.now();
  await statementPages(db, q, { table: 'income_statements', reader: INCOME_READER, toRecord: toIncomeRecord, yearsBack: { annual: 1, quarterly: 0, ttm: 2 } });
  b.push(performance.now() - t);
}
const p = (x: number[], q: number) => x.sort((m, n) => m - n)[Math.floor(x.length * q)]!.toFixed(1);
console.log('rows query p50', p(a, 0.5), 'p99', p(a, 0.99), '| service p50', p(b, 0.5), 'p99', p(b, 0.99));
await db.destroy();
