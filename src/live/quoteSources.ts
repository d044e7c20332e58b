import { parseSina, parseTencent, sourceCodeOf, type Snapshot } from '../domain/market/quotes';

/** A free quote source: how many codes one request carries, and one request's snapshots. */
export interface QuoteSource {
  name: 'tencent' | 'sina' | 'replay';
  perRequest: number;
  fetch(tsCodes: readonly string[]): Promise<Snapshot[]>;
}

/** A source's refusal: an HTTP error, or an empty answer to codes that exist (how both throttle bursts). */
export class SourceRefusal extends Error {
  constructor(
    readonly source: string,
    message: string,
  ) {
    super(`${source}: ${message}`);
  }
}

const TIMEOUT_MS = 5000;
const gbk = new TextDecoder('gbk');

async function getGbk(source: string, url: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((error: Error) => {
    throw new SourceRefusal(source, error.message);
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!response.ok) throw new SourceRefusal(source, `HTTP ${response.status} ${gbk.decode(bytes).slice(0, 80)}`);
  return gbk.decode(bytes);
}

/** A request's snapshots; an answer with none for a batch of listed codes is a throttle. */
function snapshotsOf(source: string, text: string, parse: (text: string) => Snapshot[]): Snapshot[] {
  const snapshots = parse(text);
  if (snapshots.length === 0 && text.trim() === '') throw new SourceRefusal(source, 'empty answer (throttled)');
  return snapshots;
}

/** Tencent (`http://qt.gtimg.cn/q=sh600519,sz000001`): GBK, about 60 codes a request, as its clients send. */
export function tencentSource(baseUrl = 'http://qt.gtimg.cn'): QuoteSource {
  return {
    name: 'tencent',
    perRequest: 60,
    fetch: async (codes) =>
      snapshotsOf(
        'tencent',
        await getGbk('tencent', `${baseUrl}/q=${codes.map(sourceCodeOf).join(',')}`, {}),
        parseTencent,
      ),
  };
}

/** Sina (`https://hq.sinajs.cn/list=…`): GBK, about 800 codes a request; it refuses (403) a request without its Referer. */
export function sinaSource(baseUrl = 'https://hq.sinajs.cn'): QuoteSource {
  const headers = { Referer: 'https://finance.sina.com.cn' };
  return {
    name: 'sina',
    perRequest: 800,
    fetch: async (codes) =>
      snapshotsOf(
        'sina',
        await getGbk('sina', `${baseUrl}/list=${codes.map(sourceCodeOf).join(',')}`, headers),
        parseSina,
      ),
  };
}
