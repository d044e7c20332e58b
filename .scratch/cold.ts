import { connect } from '../src/db/connection';
import { statementPages, tripleStatementPages } from '../src/modules/financials/financials.service';
import { parseStatementQuery } from '../src/modules/financials/statementQuery';
import { INCOME_READER } from '../src/modules/financials/income.serializer';
import { BALANCE_READER } from '../src/modules/financials/balanceSheet.serializer';
import { CASH_FLOW_READER } from '../src/modules/financials/cashFlow.serializer';
import { toIncomeRecord } from '../src/modules/financials/income.serializer';
import { toMetricsRecord } from '../src/modules/financials/metrics.serializer';
const db = connect(process.argv[2]!);
const codes = (await db('securities').where({ kind: 'stock' }).orderBy('ts_code').limit(5000).pluck('ts_code')) as string[];
let seed = 11;
const rnd = () => ((seed = (seed * 1664525 + 1013904223) % 2 ** 32), seed / 2 ** 32);
const INCOME = { table: 'income_statements', reader: INCOME_READER, toRecord: toIncomeRecord, yearsBack: { annual: 1, quarterly: 0, ttm: 2 } } as const;
for (const [name, period] of [['quarterly', 'quarterly'], ['ttm', 'ttm'], ['metrics', 'quarterly']] as const) {
  const times: number[] = [];
  for (let i = 0; i < 150; i++) {
    const symbol = Array.from({ length: 10 }, () => codes[Math.floor(rnd() * codes.length)]).join(',');
    const query = parseStatementQuery({ symbol, period, limit: 20 });
    const t = performance.now();
    if (name === 'metrics') await tripleStatementPages(db, query, { income: INCOME_READER, balance: BALANCE_READER, cashFlow: CASH_FLOW_READER }, toMetricsRecord);
    else await statementPages(db, query, INCOME);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(name, 'p50', times[75]!.toFixed(1), 'p99', times[148]!.toFixed(1));
}
await db.destroy();
