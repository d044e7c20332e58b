/**
 * Writes the Python client's generated module (clients/python/src/ashare_api/_generated.py) from the bundled
 * contract (generated/openapi.json): a TypedDict per object schema, a Literal per string enum, and a typed
 * method per `/v1` data operation named after its operationId in snake_case, its docstring the summary.
 * `make types` runs it; `--check` fails when the module is not what the contract gives (`make check-types`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  description?: string;
}
interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: Schema;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const target = `${root}clients/python/src/ashare_api/_generated.py`;
const contract = JSON.parse(readFileSync(`${root}generated/openapi.json`, 'utf8'));

const refName = (ref: string) => ref.split('/').pop()!;
const resolve = <T>(node: T & { $ref?: string }): T =>
  node.$ref
    ? resolve(
        node.$ref
          .slice(2)
          .split('/')
          .reduce((at, key) => at[key], contract),
      )
    : node;
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const pyString = (value: unknown) => JSON.stringify(value);

/** A schema as a Python type expression (names of other schemas quoted: they may come later in the module). */
function typeOf(schema: Schema): string {
  if (schema.$ref) return pyString(refName(schema.$ref)).replace(/"/g, "'");
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices) return `Union[${choices.map(typeOf).join(', ')}]`;
  if (schema.allOf?.length === 1) return typeOf(schema.allOf[0]!);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const nullable = types.includes('null');
  const one = (type: string): string => {
    if (schema.enum && type === 'string')
      return `Literal[${schema.enum
        .filter((value) => value !== null)
        .map(pyString)
        .join(', ')}]`;
    if (type === 'string') return 'str';
    if (type === 'integer') return 'int';
    if (type === 'number') return 'float';
    if (type === 'boolean') return 'bool';
    if (type === 'array') return `List[${schema.items ? typeOf(schema.items) : 'Any'}]`;
    return 'Dict[str, Any]';
  };
  const named = types.filter((type) => type !== 'null').map(one);
  const base = named.length === 0 ? 'Any' : named.length === 1 ? named[0]! : `Union[${named.join(', ')}]`;
  return nullable ? `Optional[${base}]` : base;
}

const lines = [
  '# Generated from the contract (generated/openapi.json) by scripts/python-client.ts: do not edit; run `make types`.',
  '"""The contract\'s schemas as TypedDicts and Literals, and a typed method per /v1 data operation."""',
  'from typing import Any, Dict, List, Literal, Optional, TypedDict, Union',
  '',
  '',
];

for (const [name, schema] of Object.entries<Schema>(contract.components.schemas)) {
  if (schema.type === 'string' && schema.enum) {
    lines.push(`${name} = ${typeOf(schema)}`, '');
  } else if (schema.properties) {
    lines.push(`${name} = TypedDict(${pyString(name)}, {`);
    for (const [property, definition] of Object.entries(schema.properties))
      lines.push(`    ${pyString(property)}: ${typeOf(definition)},`);
    lines.push('}, total=False)', '');
  }
}

lines.push(
  '',
  'class GeneratedOperations:',
  '    """One method per /v1 data operation of the contract; each returns a `Result` whose `data` is typed."""',
  '',
);
lines.push(
  '    def _call(self, path: str, params: Dict[str, Any]) -> Any:  # implemented by Client',
  '        raise NotImplementedError',
  '',
);
for (const [path, item] of Object.entries<
  Record<
    string,
    {
      operationId: string;
      summary?: string;
      parameters?: Parameter[];
      responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
    }
  >
>(contract.paths)) {
  if (!path.startsWith('/v1/')) continue;
  const operation = item.get!;
  // The event stream has no JSON answer: the client's own `stream()` reads it (clients/python/src/ashare_api/client.py).
  if (!operation.responses['200']?.content?.['application/json']) continue;
  const parameters = (operation.parameters ?? [])
    .map((parameter) => resolve<Parameter>(parameter))
    .filter((parameter) => parameter.in === 'query' && parameter.name !== 'format');
  const ordered = [
    ...parameters.filter((parameter) => parameter.required),
    ...parameters.filter((parameter) => !parameter.required),
  ];
  const body = resolve<Schema>(operation.responses['200']!.content!['application/json']!.schema);
  const dataType = body.properties?.data ? typeOf(body.properties.data) : 'Any';
  const signature = ordered.map((parameter) =>
    parameter.required
      ? `${parameter.name}: ${typeOf(parameter.schema)}`
      : `${parameter.name}: Optional[${typeOf(parameter.schema)}] = None`,
  );
  // Optional parameters are keyword-only when nothing is required (`get_market_cross_section(date=...)`).
  const head = ordered.length > 0 && !ordered.some((parameter) => parameter.required) ? ['*'] : [];
  lines.push(
    `    def ${snake(operation.operationId)}(${['self', ...head, ...signature].join(', ')}) -> 'Result[${dataType.replace(/'/g, '')}]':`,
  );
  lines.push(`        """${(operation.summary ?? operation.operationId).replace(/"/g, "'")} (GET ${path})."""`);
  lines.push(
    `        return self._call(${pyString(path)}, {${ordered.map((parameter) => `${pyString(parameter.name)}: ${parameter.name}`).join(', ')}})`,
    '',
  );
}
lines.push('', "from ._result import Result  # noqa: E402  (the typed methods' return type)", '');

const text = `${lines
  .join('\n')
  .replace(/\n{3,}/g, '\n\n\n')
  .trimEnd()}\n`;
if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== text) {
    console.error('clients/python/src/ashare_api/_generated.py is stale: run `make types` and commit it');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
}
