import { IncomingMessage, ServerResponse, type RequestListener } from 'node:http';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { inSequence } from './inSequence';

/** The HTTP pipeline as a server takes it (`createServer(app.classes, app.listener)`). */
export interface HttpApp {
  listener: RequestListener;
  /**
   * node:http's request and response classes whose instances are born with the app's Express prototypes.
   * Express gives each request and response its prototypes with `Object.setPrototypeOf`, which leaves V8 a
   * new shape per object to handle: every property read of them goes the slow way, Node's own HTTP code's
   * included (`make bench-profile`, `make bench-http`).
   */
  classes: { IncomingMessage: typeof IncomingMessage; ServerResponse: typeof ServerResponse };
}

/**
 * A constructor of `base`'s instances with `prototype` as theirs. `base` runs on the new object as a function
 * (node:http's IncomingMessage and ServerResponse are function constructors): each instance then gets one
 * shape, `Born`'s own, which `Reflect.construct(base, args, Born)` or a subclass would not give it at once.
 */
function bornWith<T extends new (...args: never[]) => object>(base: T, prototype: object): T {
  const construct = base as unknown as (this: object, ...args: unknown[]) => void;
  function Born(this: object, ...args: unknown[]): void {
    construct.apply(this, args);
  }
  Born.prototype = prototype;
  return Born as unknown as T;
}

/**
 * `steps` (those up to the answer cache's warm path) run in sequence (inSequence) ahead of Express's router,
 * and what they pass on goes to `app`: a warm answer takes no turn of `app.handle` and its router (a final
 * handler, the layer walk, the URL parsed again). The steps get the request and response a first layer would:
 * Express's prototypes of `app` (its settings: `trust proxy`, the query parser), set here when the objects
 * were not born with them (the MCP tools' in-process requests), fresh `res.locals`, the URL as given and no
 * mount path. A step's failure is kept in `res.locals.failure` and raised again by `raiseFrontFailure`, the
 * app's first layer, so the app's one error handler answers it.
 */
export function aheadOfRouter(app: Express, steps: RequestHandler[]): HttpApp {
  const front = inSequence(...steps);
  const { request, response } = app;
  const listener: RequestListener = (incoming, outgoing) => {
    const req = incoming as Request;
    const res = outgoing as Response;
    // What app.handle and the router's handle do before a first layer (Express 5).
    req.res = res;
    res.req = req;
    if (Object.getPrototypeOf(req) !== request) Object.setPrototypeOf(req, request);
    if (Object.getPrototypeOf(res) !== response) Object.setPrototypeOf(res, response);
    res.locals = Object.create(null) as Response['locals'];
    req.originalUrl = req.originalUrl || req.url;
    req.baseUrl = '';
    front(req, res, (err?: unknown) => {
      if (err !== undefined && err !== null) res.locals.failure = err;
      app(req, res);
    });
  };
  return {
    listener,
    classes: {
      IncomingMessage: bornWith(IncomingMessage, request),
      ServerResponse: bornWith(ServerResponse, response),
    },
  };
}

/** The app's first layer (aheadOfRouter): the failure of a step ahead of the router, on to the error handler. */
export function raiseFrontFailure(_req: Request, res: Response, next: NextFunction): void {
  next(res.locals.failure);
}
