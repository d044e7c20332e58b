import type { AccessPorts } from './ports';
import type { RequestEndObserver } from './requestEnd';

/**
 * Counts each API-key request of a contract operation that was admitted (key, budget and scope accepted, see
 * requireKeyScope) once its answer is sent, under the operation's path template (from the policy lookup, so
 * answers from the cache count alike); a file's answer (`countsBytes`) with the bytes it sent.
 */
export function usageCounting(recordUsage: AccessPorts['recordUsage']): RequestEndObserver {
  return (_req, res, finished) => {
    const { keyOwner, operation, admitted, countsBytes } = res.locals;
    if (finished && admitted && keyOwner !== undefined && operation !== undefined)
      recordUsage(keyOwner, operation.path, countsBytes ? Number(res.getHeader('Content-Length') ?? 0) : 0);
  };
}
