import { connect } from '../src/db/connection';
import { dailySeries } from '../src/modules/market/market.service';
import { JsonText } from '../src/http/responseCache';
import * as wire from '../src/modules/market/market.serializer';
const db = connect('mysql://root@127.0.0.1:3306/ashare_bench_10y');
const latest = await db('daily_bars').max({ day: 'trade_date' }).first();
const symbols = (await db('daily_bars').where('trade_date', latest!.day).orderBy('ts_code').limit(50).pluck('ts_code')).map(String);
const mb = (n: number) => (n / 1048576).toFixed(0);
const show = (label: string) => { const m = process.memoryUsage(); console.log(label, 'rss', mb(m.rss), 'heapTotal', mb(m.heapTotal), 'heapUsed', mb(m.heapUsed), 'external', mb(m.external)); };
show('start');
let peak = 0;
const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 5);
for (let i = 0; i < 15; i++) {
  const t = performance.now();
  const series = await dailySeries(db, { symbols, begin: '2023-01-01', end: '2025-12-31', adjusted: true, limit: 1000 }, null, (one) => wire.dailySeriesJson(wire.toDailySeries(one, null)));
  const body = new JsonText(['{"data":[', ...series.flatMap((p, i) => (i ? [',', ...p] : p)), ']}']).toBuffer();
  if (i % 3 === 0) show(`iter ${i} ${(performance.now() - t).toFixed(0)}ms body ${mb(body.length)}MB peak ${mb(peak)}`);
}
clearInterval(timer);
show('end peak ' + mb(peak));
await db.destroy();
