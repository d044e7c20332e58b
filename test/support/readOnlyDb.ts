import type { Knex } from 'knex';

/** Query-builder and Knex methods that write or change the schema. */
const WRITES = new Set([
  'insert',
  'update',
  'del',
  'delete',
  'truncate',
  'upsert',
  'increment',
  'decrement',
  'merge',
  'onConflict',
  'batchInsert',
  'transaction',
  'schema',
  'migrate',
]);
const READ_ONLY_SQL = /^\s*(select|with|pragma|show|explain)\b/i;

const refuse = (what: string) => () => {
  throw new Error(
    `the shared fixture is read-only (${what}): a test that writes gets a database of its own (useTestServer, useKeyedServer)`,
  );
};

/** A builder (or Knex) whose chained calls stay guarded: a method that answers its own object answers the guard. */
function guarded<T extends object>(target: T): T {
  const guard: T = new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === 'string' && WRITES.has(property)) return refuse(property);
      if (property === 'raw')
        return (sql: string, ...rest: unknown[]) =>
          READ_ONLY_SQL.test(sql)
            ? (object as unknown as Knex).raw(sql, ...(rest as []))
            : refuse(`raw ${sql.slice(0, 30)}`)();
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== 'function' || property === 'then' || property === 'catch' || property === 'finally')
        return typeof value === 'function' ? value.bind(object) : value;
      return (...args: unknown[]) => {
        const result = value.apply(object, args);
        return result === object ? guard : result;
      };
    },
    apply(fn, thisArg, args) {
      const builder = Reflect.apply(fn as (...a: unknown[]) => unknown, thisArg, args);
      return typeof builder === 'object' && builder !== null ? guarded(builder) : builder;
    },
  });
  return guard;
}

/**
 * The shared fixture's database as the tests see it: reads go through, any write throws (insert, update,
 * delete, schema changes, transactions, raw statements other than reads). The server of the fixture keeps its
 * own connection and writes what requests write (accounts, usage).
 */
export const readOnly = (db: Knex): Knex => guarded(db);
