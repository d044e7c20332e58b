import type { NextFunction, Request, Response } from 'express';
import type { AccessPorts } from './ports';

/**
 * Counts each API-key request of a contract operation once its response is sent, under the operation's path
 * template (from the policy lookup, so answers from the cache count alike).
 */
export function usageCounting(recordUsage: AccessPorts['recordUsage']) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const { keyOwner, operation } = res.locals;
    if (keyOwner !== undefined && operation !== undefined) res.on('finish', () => recordUsage(keyOwner, operation.path));
    next();
  };
}
