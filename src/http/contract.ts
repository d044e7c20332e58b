import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types';
import type { NextFunction, Request, Response } from 'express';
import { invalidParameter, type ErrorCode } from '../domain/api/errors';
import { paths } from '../paths';

export type Contract = OpenAPIV3.DocumentV3_1;

/** The bundled contract (generated/openapi.json, made from openapi/ by `make types`). */
export function loadContract(): Contract {
  return JSON.parse(readFileSync(paths.contract, 'utf8'));
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
  const coerced = {
    ...(req.query as Record<string, unknown>),
    ...(req as Request & { openapi?: { pathParams?: Record<string, unknown> } }).openapi?.pathParams,
  };
  for (const [name, value] of Object.entries(coerced)) {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw invalidParameter(`${name}: must be a finite integer`);
  }
  next();
}

/** A module as express-openapi-validator itself requires it: its own dependencies, or a file of its own. */
const requireFromValidator = (id: string): unknown =>
  createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'))(id);

type PathToRegexp = (path: unknown, options?: object) => unknown;
const MEMOIZED = Symbol('memoized route matchers');

/**
 * express-openapi-validator 5.6 compiles a path-to-regexp matcher for every contract path on every request
 * (`lookupRoute`, openapi.metadata.js): more of a search request's CPU than the search itself in the profile
 * (bench/results/profile-search.txt). Until upstream caches them
 * (cdimascio/express-openapi-validator#1217, open), the path-to-regexp module the validator calls gets a memo:
 * the same path and options give the same compiled matcher (its regexp has no `g` flag, so it holds no state).
 * The paths are the contract's (about 35), so the memo stays that small.
 */
function memoizeRouteMatchers(): void {
  const module = requireFromValidator('path-to-regexp') as { pathToRegexp: PathToRegexp & { [MEMOIZED]?: true } };
  if (module.pathToRegexp[MEMOIZED]) return;
  const compile = module.pathToRegexp;
  const compiled = new Map<string, unknown>();
  const memoized = (path: unknown, options: { sensitive?: boolean; strict?: boolean } = {}) => {
    // The validator passes a string path and { sensitive, strict }; anything else is compiled as asked.
    for (const option in options) if (option !== 'sensitive' && option !== 'strict') return compile(path, options);
    if (typeof path !== 'string') return compile(path, options);
    const key = `${options.sensitive ? 's' : '-'}${options.strict ? 's' : '-'}${path}`;
    let matcher = compiled.get(key);
    if (matcher === undefined) compiled.set(key, (matcher = compile(path, options)));
    return matcher;
  };
  module.pathToRegexp = Object.assign(memoized, { [MEMOIZED]: true as const });
}

type SchemaValidatorClass = new (options: { validateApiSpec?: boolean }) => { validate(doc: unknown): object };
const SKIPPING = Symbol('skips the meta-schema when the contract is not checked');

/**
 * express-openapi-validator 5.6 compiles the OpenAPI 3.1 meta-schema with ajv at every start, also with
 * `validateApiSpec: false`, when nothing calls what it compiled (`OpenAPIFramework.initialize`,
 * framework/index.js): a large share of the start's CPU (`make bench-footprint`). Its class is swapped for one
 * that compiles the meta-schema only when the contract is to be checked against it.
 */
function skipUnusedMetaSchema(): void {
  const module = requireFromValidator('./framework/openapi.schema.validator') as {
    OpenAPISchemaValidator: SchemaValidatorClass & { [SKIPPING]?: true };
  };
  if (module.OpenAPISchemaValidator[SKIPPING]) return;
  const Compiling = module.OpenAPISchemaValidator;
  module.OpenAPISchemaValidator = Object.assign(
    function OpenAPISchemaValidator(options: { validateApiSpec?: boolean }) {
      return options.validateApiSpec ? new Compiling(options) : { validate: () => ({ errors: [] }) };
    } as unknown as SchemaValidatorClass,
    { [SKIPPING]: true as const },
  );
}

/**
 * The contract without response bodies, for a validator that does not check responses: express-openapi-validator
 * compiles every response schema at start all the same (its schema preprocessor), a large share of the start's
 * CPU (`make bench-footprint`), for nothing when responses are not validated (production). Requests are validated against the
 * same parameters and request bodies either way.
 */
function withoutResponseBodies(contract: Contract): Contract {
  const copy = structuredClone(contract);
  for (const item of Object.values(copy.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      const responses = (operation as { responses?: Record<string, unknown> }).responses;
      if (responses !== undefined)
        for (const status of Object.keys(responses)) responses[status] = { description: 'not validated' };
    }
  }
  // The validator compiles every component schema too: keep only those the requests still refer to.
  const components = copy.components as Record<string, Record<string, unknown> | undefined>;
  const kept = referencedComponents(copy);
  for (const section of ['schemas', 'responses', 'headers']) {
    const entries = components[section];
    if (entries)
      for (const name of Object.keys(entries)) if (!kept.has(`#/components/${section}/${name}`)) delete entries[name];
  }
  return copy;
}

/** Every `$ref` reachable from the paths, followed through the components they name. */
function referencedComponents(contract: Contract): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && !found.has(ref)) {
      found.add(ref);
      visit(
        ref
          .slice(2)
          .split('/')
          .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], contract),
      );
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(contract.paths);
  return found;
}

/** Request validation always; response validation when asked (tests and staging). */
export function contractValidator(contract: Contract, validateResponses: boolean) {
  memoizeRouteMatchers();
  skipUnusedMetaSchema();
  return [
    ...OpenApiValidator.middleware({
      apiSpec: validateResponses ? structuredClone(contract) : withoutResponseBodies(contract),
      validateRequests: { allowUnknownQueryParameters: false },
      validateResponses,
      validateSecurity: false,
      // The contract is checked where it is written (redocly lint, Spectral: `make check`); checking it again against
      // the OpenAPI 3.1 meta-schema at every start compiled that meta-schema with ajv, a cost of every start.
      validateApiSpec: false,
      validateFormats: true,
      ajvFormats: { mode: 'full' },
    }),
    refuseNonFiniteNumbers,
  ];
}
