/**
 * The type of a table column in the columnar forms (Arrow, Parquet):
 * - `date`: a day, `YYYY-MM-DD` on the wire (Arrow date32, Parquet DATE);
 * - `timestamp`: an instant, an ISO date-time or a Beijing wall time `YYYY-MM-DD HH:MM:SS` on the wire
 *   (milliseconds, zone Asia/Shanghai);
 * - `int64`, `float64`, `bool`;
 * - `string`: a short repeated text (codes, names, enums), dictionary-encoded;
 * - `text`: a nested object or list written as its JSON text, and any free text the contract leaves untyped.
 */
export type ColumnType = 'date' | 'timestamp' | 'int64' | 'float64' | 'bool' | 'string' | 'text';

/**
 * A column's type as the contract gives it: a column type, or `day-or-time` for a string that is a day or a
 * Beijing wall time by the answer (klines' `time`: the day of a D/W/M bar, the end of a minute bar). One answer
 * is one interval, so such a column is a `date` or a `timestamp` (with its zone) by its first value.
 */
export type ContractColumnType = ColumnType | 'day-or-time';

/** An answer's type of a column: the contract's (a day or a time by the value), else by a value of it. */
export function answerColumnType(type: ContractColumnType | undefined, value: () => unknown): ColumnType {
  if (type === 'day-or-time') {
    const first = value();
    return typeof first === 'string' && first.length > 10 ? 'timestamp' : 'date';
  }
  return type ?? columnTypeOfValue(value());
}

/** A JSON schema as the contract writes one (OpenAPI 3.1), as far as the column types read it. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

/** The market-time pattern of the contract's Beijing wall times. */
const WALL_TIME_PATTERN = String.raw`^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`;
/** The pattern of a day or a wall time (klines' `time`). */
const DAY_OR_TIME_PATTERN = String.raw`^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$`;

const typesOf = (schema: JsonSchema): string[] =>
  (Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type]).filter(
    (type) => type !== 'null',
  );

/** The type of a scalar property of the contract (one of its branches with null), or null when it is not one. */
function scalarType(schema: JsonSchema, resolve: (ref: string) => JsonSchema): ContractColumnType | null {
  const branches = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]
    .map((branch) => (branch.$ref === undefined ? branch : resolve(branch.$ref)))
    .filter((branch) => typesOf(branch).length > 0 || branch.$ref !== undefined || branch.properties !== undefined);
  if (typesOf(schema).length === 0 && branches.length === 1) return scalarType(branches[0]!, resolve);
  const [type] = typesOf(schema);
  if (type === 'integer') return 'int64';
  if (type === 'number') return 'float64';
  if (type === 'boolean') return 'bool';
  if (type !== 'string') return null;
  if (schema.format === 'date') return 'date';
  if (schema.format === 'date-time' || schema.pattern === WALL_TIME_PATTERN) return 'timestamp';
  if (schema.pattern === DAY_OR_TIME_PATTERN) return 'day-or-time';
  return 'string';
}

/**
 * The column types of a table answer from its JSON schema (the operation's 200 answer): every property of the
 * envelope's `data` and of the records listed in it, at any depth, by name, the first one met when two levels
 * share a name, as the table writer flattens them: a list of records is rows (or, beside the list that is,
 * JSON text), and any other object or list JSON text. `resolve` gives the schema a `$ref` names.
 */
export function columnTypesOf(
  schema: JsonSchema,
  resolve: (ref: string) => JsonSchema,
): Map<string, ContractColumnType> {
  const types = new Map<string, ContractColumnType>();
  const seen = new Set<JsonSchema>();
  const deref = (node: JsonSchema) => (node.$ref === undefined ? node : resolve(node.$ref));
  const visit = (node: JsonSchema) => {
    const at = deref(node);
    if (seen.has(at)) return;
    seen.add(at);
    for (const part of [...(at.allOf ?? []), ...(at.oneOf ?? []), ...(at.anyOf ?? [])]) visit(part);
    if (at.items !== undefined) visit(at.items);
    for (const [name, property] of Object.entries(at.properties ?? {})) {
      const resolved = deref(property);
      if (!types.has(name)) types.set(name, scalarType(resolved, resolve) ?? 'text');
      if (isRecordList(resolved, resolve)) visit(resolved.items!);
    }
  };
  const dataOf = (node: JsonSchema): JsonSchema | undefined => {
    const at = deref(node);
    return at.properties?.data ?? (at.allOf ?? []).map(dataOf).find((data) => data !== undefined);
  };
  const data = dataOf(schema);
  if (data !== undefined) visit(data);
  return types;
}

/**
 * The columns of a table answer without rows, as the contract gives them, in the order a row's would be: the
 * properties of `data`'s record (of its list's records), its first list of records left out and that list's
 * records' columns after them, so that an empty answer still says what it would hold.
 */
export function tableColumnsOf(schema: JsonSchema, resolve: (ref: string) => JsonSchema): string[] {
  const deref = (node: JsonSchema) => (node.$ref === undefined ? node : resolve(node.$ref));
  const propertiesOf = (node: JsonSchema): [string, JsonSchema][] => {
    const at = deref(node);
    return [...(at.allOf ?? []).flatMap(propertiesOf), ...Object.entries(at.properties ?? {})];
  };
  const columns: string[] = [];
  const record = (node: JsonSchema) => {
    let nested: JsonSchema | undefined;
    for (const [name, property] of propertiesOf(node)) {
      const resolved = deref(property);
      if (nested === undefined && isRecordList(resolved, resolve)) nested = resolved.items!;
      else if (!columns.includes(name)) columns.push(name);
    }
    if (nested !== undefined) record(nested);
  };
  // `data` as a list of records, a record, or either (one symbol or several): the first branch that is a table.
  const table = (node: JsonSchema): boolean => {
    const at = deref(node);
    if (isRecordList(at, resolve)) record(at.items!);
    else if (at.properties !== undefined || at.allOf !== undefined) record(at);
    else return [...(at.oneOf ?? []), ...(at.anyOf ?? [])].some(table);
    return true;
  };
  const data = propertiesOf(schema).find(([name]) => name === 'data')?.[1];
  if (data !== undefined) table(data);
  return columns;
}

/** Whether a schema is a list of records (rows of the table), not a list of scalars or a nested value. */
function isRecordList(schema: JsonSchema, resolve: (ref: string) => JsonSchema): boolean {
  if (!typesOf(schema).includes('array') || schema.items === undefined) return false;
  const items = schema.items.$ref === undefined ? schema.items : resolve(schema.items.$ref);
  return typesOf(items).includes('object') || items.properties !== undefined || items.allOf !== undefined;
}

/** The type of a column the contract does not name, from a value of it. */
export function columnTypeOfValue(value: unknown): ColumnType {
  if (typeof value === 'number') return 'float64';
  if (typeof value === 'boolean') return 'bool';
  return 'text';
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day, or of Tushare's `YYYYMMDD` (null when it is neither). */
export function epochDay(value: string): number | null {
  // A table's rows share their days (a session's file, a security's series): the last one is remembered.
  if (value === lastDay.text) return lastDay.epoch;
  const [, year, month, day] = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value) ?? [];
  const ms = Date.parse(`${year}-${month}-${day}T00:00:00Z`);
  lastDay = { text: value, epoch: Number.isNaN(ms) ? null : Math.round(ms / DAY_MS) };
  return lastDay.epoch;
}
let lastDay: { text: string; epoch: number | null } = { text: '', epoch: null };

/** Milliseconds since the epoch of an instant: ISO with its offset, or a Beijing wall time without one. */
export function epochMillis(value: string): number | null {
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
  const ms = Date.parse(zoned ? value : `${value.replace(' ', 'T')}+08:00`);
  return Number.isNaN(ms) ? null : ms;
}
