import type { Request, Response } from 'express';
import type { operations } from '../../generated/api';

type QueryOf<Op extends keyof operations> = operations[Op]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;

/** An Express handler whose query is typed from the contract's operation (validated before it runs). */
export type Handler<Op extends keyof operations> = (
  req: Request<Record<string, string>, unknown, unknown, QueryOf<Op>>,
  res: Response,
) => Promise<void>;
