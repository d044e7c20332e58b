import { readFileSync } from 'node:fs';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types';
import type { NextFunction, Request, Response } from 'express';
import { invalidParameter, type ErrorCode } from '../domain/errors';

const SPEC_PATH = new URL('../../generated/openapi.json', import.meta.url);

export type Contract = OpenAPIV3.DocumentV3_1;

/** The bundled contract (generated/openapi.json, made from openapi/ by `make types`). */
export function loadContract(): Contract {
  return JSON.parse(readFileSync(SPEC_PATH, 'utf8'));
}

/** Parameter name → the error code its contract entry names in `x-error-code`. */
export function errorCodesOfParameters(contract: Contract): Map<string, ErrorCode> {
  const codes = new Map<string, ErrorCode>();
  for (const parameter of Object.values(contract.components?.parameters ?? {})) {
    const entry = parameter as OpenAPIV3.ParameterObject & { 'x-error-code'?: ErrorCode };
    if (entry['x-error-code']) codes.set(entry.name, entry['x-error-code']);
  }
  return codes;
}

/**
 * Ajv's type coercion turns the text `Infinity` or `1e400` of an integer parameter into Infinity and then lets
 * it past `maximum` and `format` (found by the fuzzer: a 500 from the SQL that followed). After validation the
 * coerced values are numbers, so a non-finite one is refused here.
 */
function refuseNonFiniteNumbers(req: Request, _res: Response, next: NextFunction) {
  const coerced = { ...(req.query as Record<string, unknown>), ...(req as Request & { openapi?: { pathParams?: Record<string, unknown> } }).openapi?.pathParams };
  for (const [name, value] of Object.entries(coerced)) {
    if (typeof value === 'number' && !Number.isFinite(value)) throw invalidParameter(`${name}: must be a finite integer`);
  }
  next();
}

/** Request validation always; response validation when asked (tests and staging). */
export function contractValidator(contract: Contract, validateResponses: boolean) {
  return [...OpenApiValidator.middleware({
    apiSpec: structuredClone(contract),
    validateRequests: { allowUnknownQueryParameters: false },
    validateResponses,
    validateSecurity: false,
    validateFormats: true,
    ajvFormats: { mode: 'full' },
  }), refuseNonFiniteNumbers];
}
