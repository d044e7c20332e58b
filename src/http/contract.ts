import { readFileSync } from 'node:fs';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types';
import type { ErrorCode } from '../domain/errors';

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

/** Request validation always; response validation when asked (tests and staging). */
export function contractValidator(contract: Contract, validateResponses: boolean) {
  return OpenApiValidator.middleware({
    apiSpec: structuredClone(contract),
    validateRequests: { allowUnknownQueryParameters: false },
    validateResponses,
    validateSecurity: false,
    validateFormats: true,
    ajvFormats: { mode: 'full' },
  });
}
