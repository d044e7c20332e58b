import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TushareRequest {
  api_name: string;
  token: string;
  params: Record<string, string>;
  fields: string;
}

/** What the replay answers: a Tushare reply body, or an HTTP status for a broken transport. */
export type Answer =
  { code: number; msg: string | null; data: { fields: string[]; items: unknown[][] } | null } | { httpStatus: number };

export const ok = (fields: string[], items: unknown[][]): Answer => ({ code: 0, msg: '', data: { fields, items } });

/** Tushare's per-minute limit reply (code 40203 with its Chinese message, as its users report it). */
export const PER_MINUTE_LIMIT: Answer = {
  code: 40203,
  msg: '抱歉，您每分钟最多访问该接口500次，权限的具体详情访问：https://tushare.pro/document/1?doc_id=108。',
  data: null,
};
export const BAD_TOKEN: Answer = { code: 40101, msg: '抱歉，您的token不对，请确认。', data: null };

/**
 * A local HTTP server speaking Tushare Pro's wire format: POST JSON {api_name, token, params, fields} →
 * {code, msg, data: {fields, items}}. `answer` decides each reply; every request is recorded.
 */
export async function startTushareReplay(answer: (request: TushareRequest, calls: TushareRequest[]) => Answer) {
  const calls: TushareRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const request = JSON.parse(body) as TushareRequest;
      calls.push(request);
      const reply = answer(request, calls);
      if ('httpStatus' in reply) {
        res.writeHead(reply.httpStatus).end('upstream trouble');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
