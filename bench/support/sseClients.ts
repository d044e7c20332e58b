/**
 * BENCH_CLIENTS stream clients of bench/live.ts (and live-cluster.ts) in a process of their own, taking the keys of
 * BENCH_KEYS in turn (a key holds at most five streams), each the TypeScript client's
 * `stream()` of 600519 quotes, noting per event the milliseconds from its publishing (the quote's `name` carries
 * that instant) to its receipt. Prints `ready` once all are open, then the latencies as one JSON line once each
 * got BENCH_EVENTS events.
 */
import { AshareClient } from '../../clients/typescript/src/index';

const [baseUrl, keys, clients, events] = [
  process.env.BENCH_BASE!,
  process.env.BENCH_KEYS!.split(','),
  Number(process.env.BENCH_CLIENTS),
  Number(process.env.BENCH_EVENTS),
];
const apis = keys.map((apiKey) => new AshareClient({ baseUrl, apiKey }));
const latencies: number[] = [];
let [opened, done] = [0, 0];

async function client(n: number): Promise<void> {
  const abort = new AbortController();
  let seen = 0;
  for await (const event of apis[n % apis.length]!.stream('600519', ['quote'], { signal: abort.signal })) {
    if (event.event !== 'quote') continue;
    // The opening quote (the stored one, bench/live.ts) has no id and was not published: only live events count.
    if (event.id === undefined) {
      if (++opened === clients) console.log('ready');
      continue;
    }
    latencies.push(Date.now() - Number(event.data.name));
    if (++seen < events) continue;
    if (++done === clients) console.log(JSON.stringify(latencies));
    abort.abort();
    return;
  }
}

await Promise.all(Array.from({ length: clients }, (_, n) => client(n)));

export {};
