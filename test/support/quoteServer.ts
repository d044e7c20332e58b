import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import iconv from 'iconv-lite';
import { priceDecimalsOf } from '../../src/domain/market/adjust';
import { sourceCodeOf, type Snapshot } from '../../src/domain/market/quotes';
import { kindByCode } from '../../src/domain/reference/securityDirectory';

/**
 * A real Tencent answer for 600519 after the close of 2026-04-02 (recorded by a public client's test suite, the
 * line as qt.gtimg.cn sent it): the template whose fields the local server rewrites, so every other field
 * stays where and as the source puts it.
 */
/** A snapshot of `day` at `time` (Beijing) with what `figures` give, nothing else known: the live tests' quotes. */
export const snapshotAt = (
  day: string,
  ts_code: string,
  name: string,
  time: string,
  figures: Partial<Snapshot>,
): Snapshot => ({
  ts_code,
  name,
  time: `${day} ${time}`,
  last: null,
  open: null,
  high: null,
  low: null,
  pre_close: null,
  volume: 0,
  amount: 0,
  bids: [],
  asks: [],
  limit_up: null,
  limit_down: null,
  suspended: false,
  ...figures,
});

export const TENCENT_600519 =
  'v_sh600519="1~贵州茅台~600519~1459.88~1459.44~1459.44~21064~10319~10746~1459.44~1~1459.40~1~1459.38~1~1459.37~10~1459.30~6~1459.88~3~1459.98~4~1459.99~19~1460.00~93~1460.02~1~~20260402161401~0.44~0.03~1464.88~1452.10~1459.88/21064/3071809846~21064~307181~0.17~20.31~~1464.88~1452.10~0.88~18281.64~18281.64~8.05~1605.38~1313.50~0.61~-101~1458.30~21.22~21.20~~~0.52~307180.9846~0.0000~0~ ~GP-A~6.01~4.19~3.54~35.02~30.58~1593.44~1322.01~0.48~4.35~4.13~1252270215~1252270215~-72.66~4.41~1252270215~~~-2.51~0.07~~CNY~0~___D__F__N~1459.00~17~";\n';

/** The same day's close as Sina writes it (prices to three places, volume in shares, amount in yuan, status 00). */
export const SINA_600519 =
  'var hq_str_sh600519="贵州茅台,1459.440,1459.440,1459.880,1464.880,1452.100,1459.440,1459.880,2106400,3071809846.000,100,1459.440,100,1459.400,100,1459.380,1000,1459.370,600,1459.300,300,1459.880,400,1459.980,1900,1459.990,9300,1460.000,100,1460.020,2026-04-02,15:00:01,00";\n';

const TENCENT_FIELDS = TENCENT_600519.slice(TENCENT_600519.indexOf('"') + 1, TENCENT_600519.lastIndexOf('"')).split(
  '~',
);
const fixed = (value: number | null, places: number) => (value === null ? '0.00' : value.toFixed(places));

/**
 * A snapshot as Tencent's line: the template's fields with the snapshot's at their positions and in Tencent's
 * units, prices at the security's tick (two decimals for a share, three for a fund or a bond).
 */
export function tencentLine(s: Snapshot): string {
  const f = [...TENCENT_FIELDS];
  const places = priceDecimalsOf(kindByCode(s.ts_code));
  const lots = Math.round(s.volume / 100);
  const book = (levels: Snapshot['bids'], at: number) => {
    for (let i = 0; i < 5; i++)
      [f[at + 2 * i], f[at + 2 * i + 1]] = levels[i]
        ? [levels[i]![0].toFixed(places), String(levels[i]![1] / 100)]
        : ['0.00', '0'];
  };
  Object.assign(f, {
    1: s.name,
    2: s.ts_code.slice(0, 6),
    3: fixed(s.last, places),
    4: fixed(s.pre_close, places),
    5: fixed(s.open, places),
    6: String(lots),
  });
  book(s.bids, 9);
  book(s.asks, 19);
  f[30] = s.time.replace(/[- :]/g, '');
  [f[33], f[34]] = [fixed(s.high, places), fixed(s.low, places)];
  f[35] = `${fixed(s.last, places)}/${lots}/${Math.round(s.amount)}`;
  [f[36], f[37]] = [String(lots), String(Math.round(s.amount / 10_000))];
  f[40] = s.suspended ? 'S' : '';
  [f[47], f[48]] = [fixed(s.limit_up, places), fixed(s.limit_down, places)];
  return `v_${sourceCodeOf(s.ts_code)}="${f.join('~')}";\n`;
}

/** A snapshot as Sina's line: shares and yuan, size before price in the book, date and time, status 00 or 03 (halted). */
export function sinaLine(s: Snapshot): string {
  const p = (value: number | null) => fixed(value, 3);
  const book = (levels: Snapshot['bids']) =>
    Array.from({ length: 5 }, (_, i) =>
      levels[i] ? [String(levels[i]![1]), p(levels[i]![0])] : ['0', '0.000'],
    ).flat();
  const fields = [
    s.name,
    p(s.open),
    p(s.pre_close),
    p(s.last),
    p(s.high),
    p(s.low),
    p(s.bids[0]?.[0] ?? null),
    p(s.asks[0]?.[0] ?? null),
    String(s.volume),
    s.amount.toFixed(3),
    ...book(s.bids),
    ...book(s.asks),
    s.time.slice(0, 10),
    s.time.slice(11),
    s.suspended ? '03' : '00',
  ];
  return `var hq_str_${sourceCodeOf(s.ts_code)}="${fields.join(',')}";\n`;
}

export interface QuoteServer {
  url: string;
  /** What the server answers for each code now. */
  snapshots: Map<string, Snapshot>;
  /** `throttle`: 200 with an empty body (how both throttle); `fail`: 503. */
  mode: 'ok' | 'throttle' | 'fail';
  /** Requests answered per source, with the codes each asked. */
  requests: Array<{ source: 'tencent' | 'sina'; codes: string[] }>;
  close(): Promise<void>;
}

/**
 * A local server speaking both free sources' wire formats byte for byte: Tencent's `/q=sh600519,…` and Sina's
 * `/list=sh600519,…`, GBK bodies, an unknown code answered `v_pv_none_match="1";` (Tencent) or an empty
 * assignment (Sina), Sina's 403 "Kinsoku jikou desu!" without its Referer; throttling and failures on demand.
 */
export async function startQuoteServer(): Promise<QuoteServer> {
  const state: Omit<QuoteServer, 'url' | 'close'> = { snapshots: new Map(), mode: 'ok', requests: [] };
  const server: Server = createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '');
    const tencent = url.startsWith('/q=');
    if (!tencent && !url.startsWith('/list=')) return void res.writeHead(404).end();
    const source = tencent ? 'tencent' : 'sina';
    const codes = url.slice(tencent ? 3 : 6).split(',');
    state.requests.push({ source, codes });
    if (!tencent && req.headers.referer !== 'https://finance.sina.com.cn')
      return void res.writeHead(403, { 'Content-Type': 'text/html' }).end('Kinsoku jikou desu!');
    if (state.mode === 'fail') return void res.writeHead(503).end();
    res.writeHead(200, { 'Content-Type': 'application/javascript; charset=GBK' });
    if (state.mode === 'throttle') return void res.end();
    const bySourceCode = new Map([...state.snapshots.values()].map((s) => [sourceCodeOf(s.ts_code), s]));
    const lines = codes.map((code) => {
      const snapshot = bySourceCode.get(code);
      if (snapshot) return tencent ? tencentLine(snapshot) : sinaLine(snapshot);
      return tencent ? 'v_pv_none_match="1";\n' : `var hq_str_${code}="";\n`;
    });
    res.end(iconv.encode(lines.join(''), 'gbk'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as QuoteServer;
}
