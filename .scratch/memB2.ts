import { connect } from '../src/db/connection';
import { dailyBars } from '../src/modules/market/market.repository';
import { forwardAdjustedBars } from '../src/domain/adjust';
const db = connect('mysql://root@127.0.0.1:3306/ashare_bench_10y');
const latest = await db('daily_bars').max({ day: 'trade_date' }).first();
const symbols = (await db('daily_bars').where('trade_date', latest!.day).orderBy('ts_code').limit(10).pluck('ts_code')).map(String);
const gc = (globalThis as any).gc as () => void;
const used = () => { gc(); return process.memoryUsage().heapUsed; };
for (let i = 0; i < 3; i++) {
  // allocation rate: disable GC measurement by sampling without gc between
  const h0 = used();
  const { heapUsed: a0 } = process.memoryUsage();
  const rows = await dailyBars(db, symbols, '2023-01-01', '2025-12-31', null);
  const a1 = process.memoryUsage().heapUsed;
  const live1 = used();
  const bars = forwardAdjustedBars(rows.filter((r) => r.ts_code === symbols[0]), null, 1);
  const json = JSON.stringify(rows.map((r) => r));
  console.log(`rows ${rows.length}: alloc during query ~${((a1 - a0) / 1e6).toFixed(1)} MB (may include GC), live rows ${((live1 - h0) / 1e6).toFixed(1)} MB, json ${json.length / 1e6} MB`, bars.length, Object.keys(rows[0]!).length, JSON.stringify(rows[0]));
}
await db.destroy();
