import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Knex } from 'knex';
import type { Snapshot } from '../../src/domain/market/quotes';

/** A node script in a process of its own; resolves with it once it printed its first line. */
export async function child(script: string, env: Record<string, string>) {
  const process_ = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: process_.stdout! });
  const first = await new Promise<string>((resolve) => lines.once('line', resolve));
  return { process: process_, lines, first };
}

/** The clients' last line (sseClients.ts): each delivery's latency, ms, ascending, and whether every client's ids ran in order. */
export function receiptsOf(line: string): { latencies: number[]; inOrder: boolean } {
  const { latencies, in_order: inOrder } = JSON.parse(line) as { latencies: number[]; in_order: boolean };
  return { latencies: latencies.sort((a, b) => a - b), inOrder };
}

/** The stream benches' store: 600519.SH and a stored quote every stream opens with (a client is ready once it has it). */
export async function seedStreamStore(db: Knex): Promise<void> {
  await db('securities').insert({
    ts_code: '600519.SH',
    symbol: '600519',
    name: '贵州茅台',
    kind: 'stock',
    exchange: 'SSE',
  });
  await db('live_quotes').insert({
    ts_code: '600519.SH',
    quote_minute: '2026-04-02 09:59:00',
    quote_time: '2026-04-02 09:59:30',
    name: '贵州茅台',
    last: 1459,
    volume: 0,
    amount: 0,
    book: '{"bids":[],"asks":[]}',
    suspended: false,
  });
}

/** The i-th event's quote of 600519: its `name` carries the instant it is published, which the clients subtract. */
export const benchQuote = (i: number): Snapshot => ({
  ts_code: '600519.SH',
  name: String(Date.now()),
  time: '2026-04-02 10:00:00',
  last: 1460,
  open: 1459,
  high: 1461,
  low: 1458,
  pre_close: 1459.44,
  volume: i,
  amount: i * 1460,
  bids: [],
  asks: [],
  limit_up: null,
  limit_down: null,
  suspended: false,
});
