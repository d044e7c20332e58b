import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { fixedHeaders } from '../../src/http/fixedHeaders';

/** The headers of an answer of an Express app with `middleware` first, on a loopback port. */
async function headersBehind(middleware: RequestHandler): Promise<Array<[string, string]>> {
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader('X-Powered-By', 'something');
    next();
  });
  app.use(middleware);
  app.get('/', (_req, res) => void res.send('ok'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return [...response.headers].filter(([name]) => name !== 'date');
  } finally {
    server.close();
  }
}

describe('fixedHeaders: a header-only middleware replayed from one run', () => {
  it('gives the same headers as helmet run per request, X-Powered-By removed alike', async () => {
    const replayed = await headersBehind(fixedHeaders(helmet()));
    expect(replayed).to.deep.equal(await headersBehind(helmet()));
    expect(replayed.map(([name]) => name)).to.include.members([
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
    ]);
    expect(replayed.map(([name]) => name)).not.to.include('x-powered-by');
  });

  it('refuses a middleware that does not pass the request on at once (its headers could depend on it)', () => {
    const waits: RequestHandler = (_req, _res, next) => void setTimeout(next, 1);
    expect(() => fixedHeaders(waits)).to.throw('did not pass the request on at once');
  });
});
