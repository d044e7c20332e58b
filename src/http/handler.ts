import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { operations } from '../../generated/api';
import type { OperationId, OperationIndex } from './operations';

type QueryOf<Op extends OperationId> = operations[Op]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;

/** An Express handler whose query is typed from the contract's operation (validated before it runs). */
export type Handler<Op extends OperationId> = (
  req: Request<Record<string, string>, unknown, unknown, QueryOf<Op>>,
  res: Response,
) => Promise<void>;

/** A handler for every operation of the contract, keyed by operationId: a missing one fails to compile. */
export type OperationHandlers = { [Op in OperationId]: Handler<Op> };

/** `{name}` path parameters as Express writes them (`:name`). */
const expressPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1');

/** Binds each operation's handler to the method and path the contract gives it: no path is written in src/. */
export function operationRoutes(index: OperationIndex, handlers: OperationHandlers): Router {
  const router = Router();
  for (const { method, path, operationId } of index.policies) {
    router[method as 'get'](expressPath(path), handlers[operationId] as unknown as RequestHandler);
  }
  return router;
}
