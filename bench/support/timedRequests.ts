import { round2 } from './reference';

export interface Timed {
  p50_ms: number;
  p99_ms: number;
  requests: number;
  /** The last answer's size in bytes and its body as text (for its row count). */
  bytes: number;
  body: string;
}

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Requests one at a time, each timed to its last byte; anything but a 200 stops the bench. */
export async function timed(base: string, paths: readonly string[], headers: Record<string, string>): Promise<Timed> {
  const times: number[] = [];
  let body = '';
  let size = 0;
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(base + path, { headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    times.push(performance.now() - started);
    size = bytes.length;
    body = bytes.toString();
    if (response.status !== 200) throw new Error(`${path} → ${response.status} ${body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  return {
    p50_ms: round2(percentile(times, 50)),
    p99_ms: round2(percentile(times, 99)),
    requests: paths.length,
    bytes: size,
    body,
  };
}
