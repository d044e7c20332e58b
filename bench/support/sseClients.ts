/**
 * BENCH_CLIENTS stream clients of bench/live.ts (and live-cluster.ts) in a process of their own, taking the keys of
 * BENCH_KEYS in turn (a key holds at most five streams), each a `GET /v1/market/stream?symbol=600519&channels=quote`
 * on a socket of its own, noting per event the milliseconds from its publishing (the quote's `name` carries that
 * instant) to its receipt, and whether its ids came one after another (none lost, none out of order). Prints
 * `ready` once all are open, then `{latencies, in_order}` as one JSON line once each got BENCH_EVENTS events.
 *
 * Why raw sockets and not the TypeScript client: on two cores the bench's clients share the machine with the
 * server, and the client's fetch, web streams and per-event objects cost more CPU per delivery than the server's
 * fan-out (bench/results/live.json: clients_cpu_us_per_delivery); what is measured should be the server. Each
 * socket reads into one buffer of the process's (`onread`), so a delivery allocates only its text.
 */
import { connect } from 'node:net';

const [base, keys, clients, events] = [
  new URL(process.env.BENCH_BASE!),
  process.env.BENCH_KEYS!.split(','),
  Number(process.env.BENCH_CLIENTS),
  Number(process.env.BENCH_EVENTS),
];
const latencies: number[] = [];
let [opened, done, inOrder] = [0, 0, true];
const readBuffer = Buffer.alloc(1 << 16);

/** One stream: its frames as they end (a blank line), the bytes of one not yet ended kept for the next read. */
function client(n: number): void {
  const request = [
    'GET /v1/market/stream?symbol=600519&channels=quote HTTP/1.1',
    `Host: ${base.host}`,
    `X-API-KEY: ${keys[n % keys.length]}`,
    'Accept: text/event-stream',
    '',
    '',
  ].join('\r\n');
  let [text, lastId, seen, ready] = ['', 0, 0, false];
  const frame = (lines: string) => {
    if (!lines.includes('event: quote')) return;
    const id = /^id: (\d+)$/m.exec(lines);
    // The opening quote (the stored one) has no id and was not published: only live events count.
    if (id === null) {
      if (!ready && (ready = true) && ++opened === clients) console.log('ready');
      return;
    }
    const published = /"name":"(\d+)"/.exec(lines)![1];
    latencies.push(Date.now() - Number(published));
    if (lastId !== 0 && Number(id[1]) !== lastId + 1) inOrder = false;
    lastId = Number(id[1]);
    if (++seen === events && ++done === clients) {
      // A megabyte to a pipe is written asynchronously: exit once it is out.
      process.stdout.write(`${JSON.stringify({ latencies, in_order: inOrder })}\n`, () => process.exit(0));
    }
  };
  connect({
    host: base.hostname,
    port: Number(base.port),
    onread: {
      buffer: readBuffer,
      callback(size) {
        if (text === '' && !ready && !readBuffer.toString('latin1', 0, 12).startsWith('HTTP/1.1 200')) {
          console.log(readBuffer.toString('latin1', 0, size).split('\r\n', 1)[0]);
          process.exit(1);
        }
        text += readBuffer.toString('latin1', 0, size);
        for (let end = text.indexOf('\n\n'); end !== -1; end = text.indexOf('\n\n')) {
          frame(text.slice(0, end));
          text = text.slice(end + 2);
        }
        return true;
      },
    },
  }).write(request);
}

for (let n = 0; n < clients; n++) client(n);
