import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders, type RequestListener } from 'node:http';
import { Socket } from 'node:net';

export interface InProcessAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: string;
}

function toBuffer(chunk: unknown, encoding?: unknown): Buffer {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.from(chunk as Uint8Array);
}

/**
 * A GET asked of an HTTP request listener in process: Node's own request and response objects on a socket
 * that is never connected, the response's writes captured instead of sent. The whole pipeline runs as for a
 * request off the network (the listener gives both objects Express's prototypes, which the server's own are
 * born with: aheadOfRouter) and `finish` is emitted, so usage, metrics and the log see it as answered. No
 * bytes are parsed back: status, headers and body are read off the response object. (light-my-request was
 * tried first: for an Express app it re-parents Express's shared response prototype to its fake response,
 * which broke the real sockets of the same process.)
 */
export function askInProcess(
  listener: RequestListener,
  url: string,
  headers: Record<string, string>,
): Promise<InProcessAnswer> {
  return new Promise((resolve) => {
    const req = new IncomingMessage(new Socket());
    req.method = 'GET';
    req.url = url;
    req.headers = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    req.push(null);
    const res = new ServerResponse(req);
    const chunks: Buffer[] = [];
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      res.statusCode = status;
      const given = rest.find((arg) => typeof arg === 'object' && arg !== null) as OutgoingHttpHeaders | undefined;
      for (const [name, value] of Object.entries(given ?? {})) if (value !== undefined) res.setHeader(name, value);
      return res;
    }) as ServerResponse['writeHead'];
    res.write = ((chunk: unknown, encoding?: unknown) => {
      chunks.push(toBuffer(chunk, encoding));
      return true;
    }) as ServerResponse['write'];
    res.end = ((chunk?: unknown, encoding?: unknown) => {
      if (chunk !== undefined && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
      resolve({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks).toString('utf8') });
      res.finished = true; // the answer is complete (writableFinished): logged as completed, counted as usage
      res.emit('finish');
      res.emit('close');
      return res;
    }) as ServerResponse['end'];
    listener(req, res);
  });
}
