import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { aheadOfRouter, raiseFrontFailure, type HttpApp } from '../../src/http/aheadOfRouter';

interface Seen {
  front?: { ip: string | undefined; path: string; originalUrl: string; baseUrl: string; query: unknown; app: boolean };
  routeReached: boolean;
  locals?: Record<string, unknown>;
}

/**
 * `step` (after one that records what it sees) ahead of an app (trust proxy 1, a route answering every path
 * with what it sees, an error handler) on a loopback port, its requests and responses born with the app's
 * prototypes or Node's own; one request to `/a/b?x=1&y=2` from 10.1.2.3 by X-Forwarded-For.
 */
async function answerOf(step: RequestHandler, born: boolean): Promise<{ status: number; body: string; seen: Seen }> {
  const seen: Seen = { routeReached: false };
  const app = express();
  app.set('trust proxy', 1);
  app.use(raiseFrontFailure);
  app.use((req, res) => {
    seen.routeReached = true;
    seen.locals = { ...res.locals };
    res.send(`route ${req.originalUrl}`);
  });
  app.use(
    (err: Error, _req: Request, res: Response, _next: NextFunction) =>
      void res.status(500).send(`error: ${err.message}`),
  );
  const watch: RequestHandler = (req, res, next) => {
    seen.front = {
      ip: req.ip,
      path: req.path,
      originalUrl: req.originalUrl,
      baseUrl: req.baseUrl,
      query: { ...req.query },
      app: req.app === app && res.app === app,
    };
    next();
  };
  const served = aheadOfRouter(app, [watch, step]);
  const { status, body } = await askServer(born ? served.classes : {}, served.listener);
  return { status, body, seen };
}

async function askServer(
  classes: Partial<HttpApp['classes']>,
  listener: RequestListener,
): Promise<{ status: number; body: string }> {
  const server = createServer(classes, listener).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/a/b?x=1&y=2`, {
      headers: { 'X-Forwarded-For': '10.1.2.3' },
    });
    return { status: response.status, body: await response.text() };
  } finally {
    server.close();
  }
}

const BOTH = [true, false];

const REQUEST_AS_A_FIRST_LAYER_SEES_IT = {
  ip: '10.1.2.3',
  path: '/a/b',
  originalUrl: '/a/b?x=1&y=2',
  baseUrl: '',
  query: { x: '1', y: '2' },
  app: true,
};

describe('http/aheadOfRouter: the steps up to the warm path, ahead of Express’s router', () => {
  it('makes a server’s requests and responses with the app’s Express prototypes', async () => {
    const app = express();
    const { classes } = aheadOfRouter(app, []);
    const born: RequestListener = (req, res) =>
      void res.end(String(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response));
    expect(await askServer(classes, born)).to.deep.equal({ status: 200, body: 'true' });
    expect(await askServer({}, born)).to.deep.equal({ status: 200, body: 'false' });
  });

  it('gives the steps Express’s request and response of the app (its trust proxy, its query parser) and an answer of theirs ends the request', async () => {
    const answers: RequestHandler = (_req, res) => void res.status(201).json({ answered: true });
    for (const born of BOTH) {
      expect(await answerOf(answers, born)).to.deep.equal({
        status: 201,
        body: '{"answered":true}',
        seen: { front: REQUEST_AS_A_FIRST_LAYER_SEES_IT, routeReached: false },
      });
    }
  });

  it('hands what the steps pass on to the app, with the locals they set', async () => {
    const passes: RequestHandler = (_req, res, next) => {
      res.locals.requestId = 'r-1';
      next();
    };
    for (const born of BOTH) {
      expect(await answerOf(passes, born)).to.deep.equal({
        status: 200,
        body: 'route /a/b?x=1&y=2',
        seen: { front: REQUEST_AS_A_FIRST_LAYER_SEES_IT, routeReached: true, locals: { requestId: 'r-1' } },
      });
    }
  });

  it('a step that throws, rejects or passes on an error later reaches the app’s error handler, not its routes', async () => {
    const throws: RequestHandler = () => {
      throw new Error('thrown');
    };
    const rejects: RequestHandler = async () => {
      await Promise.resolve();
      throw new Error('rejected');
    };
    const later: RequestHandler = (_req, _res, next) => void Promise.resolve().then(() => next(new Error('later')));
    for (const [failing, message] of [
      [throws, 'thrown'],
      [rejects, 'rejected'],
      [later, 'later'],
    ] as const) {
      const { status, body, seen } = await answerOf(failing, true);
      expect({ status, body, routeReached: seen.routeReached }).to.deep.equal({
        status: 500,
        body: `error: ${message}`,
        routeReached: false,
      });
    }
  });
});
