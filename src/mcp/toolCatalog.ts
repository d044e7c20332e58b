import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types';
import type { Contract } from '../http/contract';
import { operationPolicies, type OperationPolicy } from '../http/operations';

type JsonSchema = Record<string, unknown>;

/** One MCP tool: a data operation of the contract, asked through the same pipeline as over HTTP. */
export interface Tool {
  name: string;
  operation: OperationPolicy;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, JsonSchema>; required: string[]; additionalProperties: false };
  pathParameters: string[];
}

/** Desktop clients refuse tool names with dots or longer than 64 characters: `[a-z0-9_]{1,64}`. */
export function toolName(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase()
    .slice(0, 64);
}

/** Schema keywords a client needs to build a valid call; the rest (examples, x- extensions) costs tokens only. */
const KEPT = ['type', 'enum', 'const', 'format', 'pattern', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'items', 'default'];

/**
 * A parameter's schema for a tool's input: bounds, enums and defaults kept; OpenAPI 3.1's `type: [x, 'null']`
 * becomes `x` (an argument is left out rather than null, and several schema converters break on type lists).
 */
function inputSchemaOf(parameter: OpenAPIV3.ParameterObject, resolve: <T>(node: T) => T): JsonSchema {
  const schema = resolve(parameter.schema ?? {}) as JsonSchema;
  const kept: JsonSchema = Object.fromEntries(Object.entries(schema).filter(([key]) => KEPT.includes(key)));
  if (Array.isArray(kept.type)) kept.type = (kept.type as string[]).find((type) => type !== 'null');
  if (kept.items) kept.items = inputSchemaOf({ name: '', in: 'query', schema: kept.items } as OpenAPIV3.ParameterObject, resolve);
  if (parameter.description) kept.description = parameter.description;
  return kept;
}

const FORMAT_ARGUMENT: JsonSchema = {
  type: 'string',
  enum: ['table', 'json'],
  default: 'table',
  description:
    'table (default): every list of records as {columns, rows}, the column names once and one array of values per record, ' +
    'about half the tokens of json; json: the records as objects, as the HTTP API answers.',
};

/**
 * One tool per data operation of the contract (API-key operations under `/v1`; not the console's account,
 * key and billing routes, nor the legacy `/api/v1` ones), generated from the bundled contract at start: name
 * from the operationId, description from summary and description, input from the parameters (their
 * defaults bound every list: 20 items a page, 5 periods of statements, daily bars a year of trading days).
 */
export function toolCatalog(contract: Contract): Tool[] {
  const resolve = <T>(node: T): T => {
    let current = node as unknown as { $ref?: string };
    while (current && typeof current.$ref === 'string') {
      current = current.$ref
        .slice(2)
        .split('/')
        .reduce<Record<string, unknown>>((at, key) => at[key] as Record<string, unknown>, contract as unknown as Record<string, unknown>);
    }
    return current as unknown as T;
  };
  return operationPolicies(contract)
    .filter((operation) => operation.credential === 'apiKey' && operation.path.startsWith('/v1/'))
    .map((operation) => {
      const item = contract.paths![operation.path]!;
      const spec = item[operation.method as 'get'] as OpenAPIV3.OperationObject;
      const parameters = [...(item.parameters ?? []), ...(spec.parameters ?? [])].map((p) => resolve(p) as OpenAPIV3.ParameterObject);
      const properties = Object.fromEntries(parameters.map((parameter) => [parameter.name, inputSchemaOf(parameter, resolve)]));
      return {
        name: toolName(operation.operationId),
        operation,
        description: [spec.summary, spec.description].filter(Boolean).join('\n\n').trim(),
        inputSchema: {
          type: 'object',
          properties: { ...properties, format: FORMAT_ARGUMENT },
          required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
          additionalProperties: false,
        },
        pathParameters: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
      };
    });
}
