import type { Request } from 'express';
import type { operations } from '../../../generated/api';

type BodyOf<Op extends keyof operations> = operations[Op] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/** The JSON body of a request, typed from the contract's operation (the validator has checked it). */
export function bodyOf<Op extends keyof operations>(req: Request, _operation: Op): BodyOf<Op> {
  return req.body as BodyOf<Op>;
}
