/**
 * A local quote source for bench/live.ts in a process of its own (so the bench measures the feed, not the
 * source): both wire formats (test/support/quoteServer.ts) for BENCH_SYMBOLS synthetic stocks, their
 * snapshots moving every 500 ms through a session day (2026-04-02 from 10:00:00). Prints its URL.
 */
import type { Snapshot } from '../../src/domain/market/quotes';
import { startQuoteServer } from '../../test/support/quoteServer';
import { benchCodes } from './benchCodes';

const SYMBOLS = Number(process.env.BENCH_SYMBOLS ?? 5500);

const server = await startQuoteServer();
const started = Date.now();
let tick = 0;
const move = () => {
  tick += 1;
  const time = new Date(Date.UTC(2026, 3, 2, 2, 0, 0) + (Date.now() - started))
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');
  for (const [i, code] of benchCodes(SYMBOLS).entries()) {
    const last = 10 + (i % 100) / 10 + (tick % 7) / 100;
    const snapshot: Snapshot = {
      ts_code: code,
      name: `股票${i}`,
      time,
      last,
      open: 10,
      high: last + 0.1,
      low: 9.9,
      pre_close: 10,
      volume: tick * 1000 + i,
      amount: (tick * 1000 + i) * last,
      bids: [
        [last - 0.01, 500],
        [last - 0.02, 800],
      ],
      asks: [
        [last + 0.01, 300],
        [last + 0.02, 700],
      ],
      limit_up: 11,
      limit_down: 9,
      suspended: false,
    };
    server.snapshots.set(code, snapshot);
  }
};
move();
setInterval(move, 500);
console.log(server.url);
