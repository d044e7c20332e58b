import type { Knex } from 'knex';

/** A store without a single security: a first start (the server then loads the demo data). */
export async function storeIsEmpty(db: Knex): Promise<boolean> {
  return (await db('securities').first('ts_code')) === undefined;
}
