import type autocannon from 'autocannon';

export interface Summary {
  scenario: string;
  connections: number;
  requests_per_sec: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  non_2xx: number;
  errors: number;
}

/** The figures of one autocannon run that the bench results keep, printed as one JSON line. */
export function summarize(scenario: string, connections: number, result: autocannon.Result): Summary {
  const summary = {
    scenario,
    connections,
    requests_per_sec: result.requests.average,
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
  console.log(JSON.stringify(summary));
  return summary;
}
