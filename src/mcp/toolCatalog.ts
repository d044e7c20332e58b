import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types';
import type { Contract } from '../http/contract';
import { operationPolicies, type OperationPolicy } from '../http/operations';

type JsonSchema = Record<string, unknown>;

/**
 * A tool's input: `required` only when a parameter is (an empty list says nothing); no `additionalProperties`:
 * an unknown argument reaches the operation, whose 400 names what it takes.
 */
interface InputSchema {
  type: 'object';
  properties: Record<string, JsonSchema>;
  required?: string[];
}

/** One MCP tool: a data operation of the contract, asked through the same pipeline as over HTTP. */
export interface Tool {
  name: string;
  operation: OperationPolicy;
  /** A short human name (the operation's summary). */
  title: string;
  /** One or two sentences for the tool list: what it returns and its key parameters. */
  description: string;
  /** The compact input schema of the tool list (bounds the server checks anyway left out). */
  inputSchema: InputSchema;
  /** The contract's whole text and parameter schemas, answered by `search_endpoints` on demand. */
  reference: { description: string; parameters: Record<string, JsonSchema> };
  pathParameters: string[];
  /**
   * Whole-market answers go to the result store unless the call says otherwise (`x-agent-store` in the
   * contract): `always` (the cross-sections), `whole-market` (the datasets: when the call names no symbol).
   */
  storesByDefault: 'always' | 'whole-market' | 'never';
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
const KEPT = [
  'type',
  'enum',
  'const',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'items',
  'default',
];
/**
 * The tool list keeps what a model needs to form a call: types, enums and the defaults of flags. A
 * date is a string its name announces, taken as YYYY-MM-DD or YYYYMMDD (toolCall.ts). Bounds, string lengths
 * and patterns the server checks and explains in the error's advice (and the reference that search_endpoints
 * gives keeps them): every agent pays for the list before its first call.
 */
const LISTED = ['type', 'enum', 'items', 'default'];

const pick = (schema: JsonSchema, keys: readonly string[]): JsonSchema =>
  Object.fromEntries(Object.entries(schema).filter(([key]) => keys.includes(key)));

/**
 * A parameter's schema for a tool's input: OpenAPI 3.1's `type: [x, 'null']` becomes `x` (an argument is left
 * out rather than null, and several schema converters break on type lists).
 */
function inputSchemaOf(schema: JsonSchema, keys: readonly string[], description?: string): JsonSchema {
  const kept = pick(schema, keys);
  if (Array.isArray(kept.type)) kept.type = (kept.type as string[]).find((type) => type !== 'null');
  if (kept.items) kept.items = inputSchemaOf(kept.items as JsonSchema, keys);
  if (kept.format !== 'date') delete kept.format;
  // Page and offset bounds in the millions say nothing a model needs.
  if (typeof kept.maximum === 'number' && kept.maximum > 10_000) delete kept.maximum;
  // Listed, only a flag's default is kept (adjusted=true: forward-adjusted unless asked otherwise). A count's
  // default changes what a call gets, not how to form it; an enum names its choices and a model names the one it
  // wants; an enum's values say their type. The reference keeps every default and type.
  if (keys === LISTED && kept.type !== 'boolean') delete kept.default;
  if (keys === LISTED && kept.enum) delete kept.type;
  if (description) kept.description = description;
  return kept;
}

/**
 * A paginated list's parameters, said once in the server's instructions (INSTRUCTIONS); each answer's pagination
 * (current_page, total_pages, has_next_page) says where it is. Listed per tool they cost every agent 51
 * characters in each of the paginated tools. A call still takes them, and the reference (search_endpoints) lists them with their bounds.
 */
const PAGING = ['limit', 'page', 'offset'];

/** A result table's name (`store_as`): checked by the tool call, which explains a refusal. */
export const TABLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * Arguments every data tool takes besides its operation's parameters: `format` (CSV unless json is asked) and
 * `store_as`. The server's instructions explain them once, a truncated answer names `store_as` again, and the
 * reference (search_endpoints) lists them; the tool list does not repeat them per tool, since the list is what
 * every agent pays for first (and the whole-market tools store without being asked).
 */
export const COMMON_ARGUMENTS: Record<string, JsonSchema> = {
  format: { enum: ['csv', 'json'] },
  store_as: { type: 'string' },
};

/**
 * One tool per data operation of the contract (API-key operations under `/v1`; not the console's account,
 * key and billing routes, nor the legacy `/api/v1` ones, nor the event stream), generated from the bundled
 * contract at start: name from the operationId, description from the summary, input from the parameters
 * (their defaults, kept in the reference, bound every list: 20 items a page, 5 periods of statements, daily bars
 * a year of trading days).
 */
export function toolCatalog(contract: Contract): Tool[] {
  const resolve = <T>(node: T): T => {
    let current = node as unknown as { $ref?: string };
    while (current && typeof current.$ref === 'string') {
      current = current.$ref
        .slice(2)
        .split('/')
        .reduce<Record<string, unknown>>(
          (at, key) => at[key] as Record<string, unknown>,
          contract as unknown as Record<string, unknown>,
        );
    }
    return current as unknown as T;
  };
  return (
    operationPolicies(contract)
      // A tool call needs a JSON answer: not an event stream, which never ends (the quote tool is the live data's
      // for agents), nor a file's bytes (the flat files' manifest is a tool).
      .filter((operation) => operation.credential === 'apiKey' && operation.path.startsWith('/v1/') && operation.json)
      .map((operation) => {
        const item = contract.paths![operation.path]!;
        const spec = item[operation.method as 'get'] as OpenAPIV3.OperationObject & {
          'x-agent-store'?: true | 'whole-market';
        };
        const parameters = [...(item.parameters ?? []), ...(spec.parameters ?? [])]
          .map((p) => resolve(p) as OpenAPIV3.ParameterObject)
          // `format` is the tools' own argument.
          .filter((parameter) => parameter.name !== 'format');
        const paginated = parameters.some((parameter) => parameter.name === 'page');
        const listed = paginated ? parameters.filter((parameter) => !PAGING.includes(parameter.name)) : parameters;
        const schemaOf = (parameter: OpenAPIV3.ParameterObject) => resolve(parameter.schema ?? {}) as JsonSchema;
        const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
        const summary = (spec.summary ?? operation.operationId).trim();
        return {
          name: toolName(operation.operationId),
          operation,
          title: summary.split(/ \(|, /)[0]!,
          // The required parameters are the input schema's `required`: the description does not repeat them.
          description: `${summary}.`,
          inputSchema: {
            type: 'object',
            properties: Object.fromEntries(
              listed.map((parameter) => [parameter.name, inputSchemaOf(schemaOf(parameter), LISTED)]),
            ),
            ...(required.length > 0 ? { required } : {}),
          },
          reference: {
            description: [spec.summary, spec.description].filter(Boolean).join('\n\n').trim(),
            parameters: Object.fromEntries(
              parameters.map((parameter) => [
                parameter.name,
                inputSchemaOf(schemaOf(parameter), KEPT, parameter.description),
              ]),
            ),
          },
          pathParameters: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
          storesByDefault: spec['x-agent-store'] === true ? 'always' : (spec['x-agent-store'] ?? 'never'),
        };
      })
  );
}
