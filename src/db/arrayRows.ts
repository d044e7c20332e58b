import type { Knex } from 'knex';

/**
 * A select's rows as arrays of the selected columns' values, in the order selected: no object per row with a
 * property per column, which is most of the cost of reading a whole market's day or every company's
 * statements (and of collecting their garbage). mysql2 reads the option itself, and our client runs such a
 * select as a prepared statement (mysqlClient.ts); the better-sqlite3 clients read it in raw mode
 * (recoveringSqlite.ts).
 */
export function arrayRows<Row extends readonly unknown[]>(query: Knex.QueryBuilder): Promise<Row[]> {
  return query.options({ rowsAsArray: true }) as unknown as Promise<Row[]>;
}
