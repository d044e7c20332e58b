import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { operations } from '../../generated/api';
import type { OperationId, OperationIndex } from './operations';

type Parameters<Op extends OperationId, In extends 'query' | 'path'> = operations[Op]['parameters'] extends {
  [K in In]?: infer P;
}
  ? NonNullable<P>
  : never;

/** The validated query of an operation. */
export type QueryOf<Op extends OperationId> = Parameters<Op, 'query'>;

/** The path parameters of an operation, as Express hands them over (text; the validator has checked the form). */
export type PathOf<Op extends OperationId> = { [K in keyof Parameters<Op, 'path'>]: string };

/** The validated JSON body of an operation. */
export type BodyOf<Op extends OperationId> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

type Responses<Op extends OperationId> = operations[Op]['responses'];

/** The JSON body of an operation's success (200 or 201); `never` for operations that answer 204. */
export type ResponseOf<Op extends OperationId> = Responses<Op>[Extract<keyof Responses<Op>, 200 | 201>] extends {
  content: { 'application/json': infer B };
}
  ? B
  : never;

/** An Express handler typed from the contract's operation: query, path, body and the success body it sends. */
export type Handler<Op extends OperationId> = (
  req: Request<PathOf<Op>, ResponseOf<Op>, BodyOf<Op>, QueryOf<Op>>,
  res: Response<ResponseOf<Op>>,
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
