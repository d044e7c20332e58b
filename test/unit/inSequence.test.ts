import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { inSequence } from '../../src/http/inSequence';

/** An Express app on a loopback port: the steps as one layer, then a layer that answers, then an error handler. */
async function answersOf(steps: RequestHandler[]): Promise<{ status: number; body: string; ran: string[] }> {
  const ran: string[] = [];
  const app = express();
  app.use((_req, res, next) => {
    res.locals.ran = ran;
    next();
  });
  app.use(inSequence(...steps));
  app.use((_req, res) => void res.send('after'));
  app.use(
    (err: Error, _req: Request, res: Response, _next: NextFunction) =>
      void res.status(500).send(`error: ${err.message}`),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return { status: response.status, body: await response.text(), ran };
  } finally {
    server.close();
  }
}

const step =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    res.locals.ran.push(name);
    next();
  };

describe('http/inSequence: middleware steps as one router layer', () => {
  it('runs every step in order, then the next layer', async () => {
    expect(await answersOf([step('a'), step('b'), step('c')])).to.deep.equal({
      status: 200,
      body: 'after',
      ran: ['a', 'b', 'c'],
    });
  });

  it('a step that throws, calls next(err) or rejects stops the sequence and reaches the error handler once', async () => {
    const throws: RequestHandler = () => {
      throw new Error('thrown');
    };
    const passes: RequestHandler = (_req, _res, next) => next(new Error('passed'));
    const rejects: RequestHandler = async () => {
      await Promise.resolve();
      throw new Error('rejected');
    };
    for (const [failing, message] of [
      [throws, 'thrown'],
      [passes, 'passed'],
      [rejects, 'rejected'],
    ] as const) {
      expect(await answersOf([step('a'), failing, step('c')])).to.deep.equal({
        status: 500,
        body: `error: ${message}`,
        ran: ['a'],
      });
    }
  });

  it('a step that continues after a promise resumes the sequence; one that answers ends the request', async () => {
    const later: RequestHandler = (_req, res, next) =>
      Promise.resolve().then(() => {
        res.locals.ran.push('later');
        next();
      });
    const answers: RequestHandler = (_req, res) => void res.send('answered');
    expect(await answersOf([later, step('b')])).to.deep.equal({ status: 200, body: 'after', ran: ['later', 'b'] });
    expect(await answersOf([step('a'), answers, step('c')])).to.deep.equal({
      status: 200,
      body: 'answered',
      ran: ['a'],
    });
  });

  it('a step after a promise that throws reaches the error handler once', async () => {
    const later: RequestHandler = (_req, _res, next) => Promise.resolve().then(() => next());
    const throws: RequestHandler = () => {
      throw new Error('late');
    };
    expect(await answersOf([later, throws, step('c')])).to.deep.equal({ status: 500, body: 'error: late', ran: [] });
  });
});
