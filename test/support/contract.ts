import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** The parts of generated/openapi.json the fuzzer and the contract checks read. */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  default?: unknown;
  example?: unknown;
  $ref?: string;
  allOf?: Schema[];
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
  example?: unknown;
}

interface ResponseObject {
  headers?: Record<string, { required?: boolean; schema?: Schema; $ref?: string }>;
  content?: Record<string, { schema: Schema }>;
  $ref?: string;
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: Schema;
  /** No `security` of its own: the document's API-key schemes apply. */
  usesApiKey: boolean;
  usesSession: boolean;
  responses: Record<string, ResponseObject>;
}

const CONTRACT_ID = 'contract.json';
export const contract = JSON.parse(readFileSync(new URL('../../generated/openapi.json', import.meta.url), 'utf8'));

/** Follows a local `$ref` (`#/components/...`) to what it names. */
export function resolve<T>(node: T): T {
  let current: any = node;
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((at: any, key: string) => at[key], contract);
  }
  return current;
}

const HTTP_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];

/** Every operation of the contract with its parameters and responses resolved. */
export function operations(): Operation[] {
  const found: Operation[] = [];
  for (const [path, item] of Object.entries<any>(contract.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const security: Array<Record<string, unknown>> | undefined = op.security;
      found.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => resolve<Parameter>(p)),
        body: op.requestBody ? resolve<any>(op.requestBody).content?.['application/json']?.schema : undefined,
        usesApiKey: security === undefined,
        usesSession: security?.some((s) => 'BearerAuth' in s) ?? false,
        responses: Object.fromEntries(
          Object.entries<ResponseObject>(op.responses).map(([status, r]) => [status, resolve(r)]),
        ),
      });
    }
  }
  return found;
}

/** Ajv 2020-12 over the whole contract (OpenAPI 3.1 schemas are JSON Schema 2020-12), formats checked in full. */
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
(addFormatsModule as unknown as { default: (a: Ajv2020) => void }).default(ajv);
ajv.addSchema(contract, CONTRACT_ID);
const validators = new Map<string, ValidateFunction>();

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function validatorAt(ref: string): ValidateFunction {
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: `${CONTRACT_ID}#/${ref}` });
    validators.set(ref, validate);
  }
  return validate;
}

/**
 * Why a response falls outside the operation's contract (undeclared status, body or required header not
 * matching its schema), or null when it is inside.
 */
export function contractViolation(
  op: Operation,
  status: number,
  headers: Headers,
  body: unknown,
  method = op.method,
): string | null {
  const key = String(status) in op.responses ? String(status) : 'default' in op.responses ? 'default' : null;
  if (key === null) return `status ${status} is not declared for ${op.method} ${op.path}`;
  const declared = op.responses[key]!;
  for (const [name, header] of Object.entries(declared.headers ?? {})) {
    const resolved = resolve(header);
    if (resolved.required && headers.get(name) === null) return `required header ${name} missing on ${status}`;
  }
  if (method === 'HEAD' || status === 204 || status === 304 || !declared.content) return null;
  const rawRef = (contract.paths[op.path][op.method.toLowerCase()].responses[key] as ResponseObject).$ref;
  const base = rawRef ? rawRef.slice(2) : pointer('paths', op.path, op.method.toLowerCase(), 'responses', key);
  const validate = validatorAt(`${base}/content/application~1json/schema`);
  if (validate(body)) return null;
  return `body of ${status} does not match the contract: ${ajv.errorsText(validate.errors)}`;
}

/** The machine error codes the contract knows. */
export const ERROR_CODES: readonly string[] = resolve<Schema>(contract.components.schemas.ErrorCode).enum as string[];
