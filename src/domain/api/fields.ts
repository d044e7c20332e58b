import { invalidField } from './errors';

/** A `fields` parameter → the chosen names in request order, or all when absent; unknown → invalid_field. */
export function parseFields<F extends string>(input: string | undefined, allowed: readonly F[]): readonly F[] {
  if (input === undefined) return allowed;
  const names = [...new Set(input.split(',').map((name) => name.trim()))];
  const unknown = names.filter((name) => !(allowed as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw invalidField(`Unknown field: ${unknown.map((name) => name || '(empty)').join(', ')}`);
  }
  return names as F[];
}

/**
 * Reads records of `fields` from arrays, `fields[i]` at `places[i]`, each value that `keep` accepts (null
 * otherwise). Every record is a copy of one template of the fields, so all share one shape, which
 * JSON.stringify writes on its fast path; the places are found once, not per record.
 */
export function arrayRecordReader<F extends string, V>(
  fields: readonly F[],
  places: readonly number[],
  keep: (value: unknown) => value is V,
): (values: readonly unknown[]) => Record<F, V | null> {
  const template = Object.fromEntries(fields.map((field) => [field, null])) as Record<F, V | null>;
  return (values) => {
    const record = { ...template };
    for (let i = 0; i < fields.length; i++) {
      const value = values[places[i]!];
      if (keep(value)) record[fields[i]!] = value;
    }
    return record;
  };
}

/** Whether `fields` are `all` in their order (an answer asked with every field, or a record's keys). */
export const sameFields = (fields: readonly PropertyKey[], all: readonly PropertyKey[]): boolean =>
  fields.length === all.length && fields.every((field, i) => field === all[i]);

/** Keeps only the chosen fields of a record, in the order given. */
export function pickFields<T extends object, F extends keyof T>(record: T, fields: readonly F[]): Pick<T, F> {
  const picked = {} as Pick<T, F>;
  for (const field of fields) picked[field] = record[field];
  return picked;
}

/** The keys of a record type that a field list leaves out. */
export type MissingFields<R, F extends readonly PropertyKey[]> = Exclude<keyof R, F[number]>;

/**
 * Compile-time proof that nothing is missing: `export type StockFieldsComplete = NoneMissing<MissingFields<Stock,
 * typeof STOCK_FIELDS>>;` fails to compile, naming the left-out keys, when a field list falls behind its record.
 */
export type NoneMissing<T extends never> = T;
