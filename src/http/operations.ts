import type { NextFunction, Request, Response } from 'express';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types';
import type { components, operations } from '../../generated/api';
import { DATASETS, type Dataset } from '../db/dataVersions';
import { columnTypesOf, tableColumnsOf, type ContractColumnType, type JsonSchema } from '../domain/answers/columnTypes';

export type OperationId = keyof operations;
export type Scope = components['schemas']['Scope'];

/** What a request must present: an API key, a console session (`Authorization: Bearer`), or nothing. */
export type Credential = 'apiKey' | 'session' | 'none';

/** `x-cache` of an operation: its answers may be remembered until one of the data sets changes. */
export interface CachePolicy {
  datasets: readonly Dataset[];
  /** `realtime-only`: a plan that sees the data with a delay gets a fresh answer (it moves with the clock). */
  realtimeOnly: boolean;
}

/** One operation of the contract and what the middleware does for it: the per-operation policy. */
export interface OperationPolicy {
  operationId: OperationId;
  /** Lower-case HTTP method. */
  method: string;
  /** The contract's path template, e.g. `/api/v1/api-keys/{keyId}`; usage is counted under it. */
  path: string;
  credential: Credential;
  /** `x-scope`: the key scope an API-key operation needs. */
  scope: Scope | null;
  cache: CachePolicy | null;
  /** Whether its success answer comes as CSV, NDJSON, Parquet and Arrow rows too (`text/csv` content in the contract). */
  tables: boolean;
  /** The types of its table's columns in the columnar forms, from its JSON answer's schema (empty without tables). */
  columns: ReadonlyMap<string, ContractColumnType>;
  /** Its table's columns when an answer has no rows, from the same schema (empty without tables). */
  emptyColumns: readonly string[];
  /** Whether its success answer is JSON (not a file's bytes, not a HEAD's headers). */
  json: boolean;
  /** Whether its success answer is an event stream (`text/event-stream`), never ending on its own. */
  stream: boolean;
  /** `x-tushare`: Tushare's wire format, the key also as the body's `token`, failures as HTTP 200 with a non-zero code. */
  tushare: boolean;
  /** `x-dataset-scope`: no scope of its own; each dataset asked needs its own (its handler checks). */
  datasetScoped: boolean;
}

type Operation = OpenAPIV3.OperationObject & {
  'x-scope'?: Scope;
  'x-cache'?: { datasets: Dataset[]; 'realtime-only'?: boolean };
  'x-tushare'?: boolean;
  'x-dataset-scope'?: boolean;
};

const METHODS = ['get', 'head', 'put', 'post', 'delete', 'patch'] as const;

function credentialOf(security: OpenAPIV3.SecurityRequirementObject[], contract: OpenAPIV3.DocumentV3_1): Credential {
  const schemes = contract.components?.securitySchemes ?? {};
  const types = security
    .flatMap((requirement) => Object.keys(requirement))
    .map((name) => (schemes[name] as OpenAPIV3.SecuritySchemeObject).type);
  if (types.length === 0) return 'none';
  return types.includes('apiKey') ? 'apiKey' : 'session';
}

function cachePolicyOf(operation: Operation): CachePolicy | null {
  const cache = operation['x-cache'];
  if (cache === undefined) return null;
  if (
    !Array.isArray(cache.datasets) ||
    cache.datasets.length === 0 ||
    !cache.datasets.every((name) => DATASETS.includes(name))
  ) {
    throw new Error(`${operation.operationId}: x-cache.datasets must list some of ${DATASETS.join(', ')}`);
  }
  return { datasets: cache.datasets, realtimeOnly: cache['realtime-only'] === true };
}

/**
 * The policy of every operation, read from the bundled contract: credential from `security` (the root's when
 * the operation has none), scope from `x-scope`, caching from `x-cache`. An API-key operation without a known
 * scope, or a malformed `x-cache`, is a contract error and stops the process.
 */
export function operationPolicies(contract: OpenAPIV3.DocumentV3_1): OperationPolicy[] {
  const policies: OperationPolicy[] = [];
  const scopes = (contract.components?.schemas?.Scope as { enum?: Scope[] } | undefined)?.enum ?? [];
  for (const [path, item] of Object.entries(contract.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method] as Operation | undefined;
      if (operation === undefined) continue;
      const credential = credentialOf(operation.security ?? contract.security ?? [], contract);
      const content = (operation.responses?.['200'] as OpenAPIV3.ResponseObject | undefined)?.content;
      const tables = content?.['text/csv'] !== undefined;
      const scope = operation['x-scope'] ?? null;
      // A Tushare-compatible operation, or one over datasets (`x-dataset-scope`), names no scope: each api_name
      // needs its own (checked by its handler).
      const datasetScoped = operation['x-dataset-scope'] === true;
      if (credential === 'apiKey' && operation['x-tushare'] !== true && !datasetScoped && !scopes.includes(scope!)) {
        throw new Error(`${operation.operationId}: an API-key operation needs x-scope, one of ${scopes.join(', ')}`);
      }
      policies.push({
        operationId: operation.operationId as OperationId,
        method,
        path,
        credential,
        scope,
        cache: cachePolicyOf(operation),
        tables,
        columns: tables
          ? columnTypesOf(content!['application/json']!.schema as JsonSchema, resolverOf(contract))
          : new Map(),
        emptyColumns: tables
          ? tableColumnsOf(content!['application/json']!.schema as JsonSchema, resolverOf(contract))
          : [],
        json: content?.['application/json'] !== undefined,
        stream: content?.['text/event-stream'] !== undefined,
        tushare: operation['x-tushare'] === true,
        datasetScoped,
      });
    }
  }
  return policies;
}

/** The schema a local `$ref` of the bundled contract names (`#/components/schemas/DailyBar`). */
const resolverOf =
  (contract: OpenAPIV3.DocumentV3_1) =>
  (ref: string): JsonSchema =>
    ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], contract) as JsonSchema;

/** The operations of one path template, by lower-case method. */
export interface PathOperations {
  /** The credential of the path (its operations agree), also for a method it does not have (then 405). */
  credential: Credential;
  byMethod: ReadonlyMap<string, OperationPolicy>;
}

/** The operation of a path for a request method: HEAD by its own where the contract has one, else by GET, as Express does. */
export function operationFor(operations: PathOperations, method: string): OperationPolicy | undefined {
  const lower = method.toLowerCase();
  return operations.byMethod.get(lower) ?? (lower === 'head' ? operations.byMethod.get('get') : undefined);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Finds the operations of a request path the way Express routes it: letters in any case, an optional
 * trailing slash, `{name}` as one path segment. Paths without parameters are looked up in a map.
 */
export class OperationIndex {
  private readonly fixed = new Map<string, PathOperations>();
  private readonly templated: Array<{ pattern: RegExp; operations: PathOperations }> = [];

  constructor(readonly policies: readonly OperationPolicy[]) {
    const byPath = new Map<string, OperationPolicy[]>();
    for (const policy of policies) byPath.set(policy.path, [...(byPath.get(policy.path) ?? []), policy]);
    for (const [path, list] of byPath) {
      const operations = {
        credential: list[0]!.credential,
        byMethod: new Map(list.map((policy) => [policy.method, policy])),
      };
      if (!path.includes('{')) this.fixed.set(path.toLowerCase(), operations);
      else
        this.templated.push({
          pattern: new RegExp(`^${escapeRegExp(path).replace(/\\\{[^}]+\\\}/g, '[^/]+')}/?$`, 'i'),
          operations,
        });
    }
  }

  find(path: string): PathOperations | undefined {
    const lower = path.length > 1 && path.endsWith('/') ? path.slice(0, -1).toLowerCase() : path.toLowerCase();
    return this.fixed.get(lower) ?? this.templated.find(({ pattern }) => pattern.test(path))?.operations;
  }

  /** The operation a request names. */
  operationOf(method: string, path: string): OperationPolicy | undefined {
    const operations = this.find(path);
    return operations && operationFor(operations, method);
  }
}

/**
 * The fourth step of the chain (after helmet, the request id and the end listener): names the request's contract path (`res.locals.contractPath`, undefined outside
 * the contract) and operation (`res.locals.operation`), looked up once for CORS, the open routes and the
 * credential check after it.
 */
export function nameOperation(index: OperationIndex) {
  return (req: Request, res: Response, next: NextFunction) => {
    const operations = index.find(req.path);
    res.locals.contractPath = operations;
    res.locals.operation = operations && operationFor(operations, req.method);
    next();
  };
}
