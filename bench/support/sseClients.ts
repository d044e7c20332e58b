/**
 * BENCH_CLIENTS stream clients of bench/live.ts in a process of their own: each opens /v1/market/stream for
 * 600519 quotes and notes, per event, the milliseconds from its publishing (the quote's `name` carries that
 * instant) to its receipt. Prints `ready` once all are open, then the latencies as one JSON line once each got
 * BENCH_EVENTS events.
 */
const [base, key, clients, events] = [process.env.BENCH_BASE!, process.env.BENCH_KEY!, Number(process.env.BENCH_CLIENTS), Number(process.env.BENCH_EVENTS)];
const latencies: number[] = [];
let done = 0;

async function client(): Promise<void> {
  const response = await fetch(`${base}/v1/market/stream?symbol=600519&channels=quote`, { headers: { 'X-API-KEY': key } });
  if (response.status !== 200) {
    console.log(`a stream was refused: ${response.status} ${await response.text()}`);
    process.exit(1);
  }
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let seen = 0;
  opened += 1;
  if (opened === clients) console.log('ready');
  for (;;) {
    const { value, done: ended } = await reader.read();
    if (ended) return;
    text += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      // The opening quote has no id and was not published: only live events count.
      if (!data || !block.startsWith('id: ')) continue;
      latencies.push(Date.now() - Number(JSON.parse(data.slice(6)).name));
      seen += 1;
      if (seen === events) {
        done += 1;
        if (done === clients) console.log(JSON.stringify(latencies));
        return;
      }
    }
  }
}

let opened = 0;
await Promise.all(Array.from({ length: clients }, () => client()));

export {};
