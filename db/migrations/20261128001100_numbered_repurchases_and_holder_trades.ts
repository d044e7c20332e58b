import type { Knex } from 'knex';

/**
 * Rows the source sends under one key, each a fact of its own (Tushare doc 124's example: two buy-backs of
 * 300451.SZ completed on one day; doc 175's: two sales of one holder announced together), are kept numbered:
 * `seq` (1, 2… in the order sent) completes the key of `repurchases` and `holder_trades`
 * (src/domain/tables/tableLayout.ts, `numbered`).
 */
const KEYS = {
  repurchases: ['ts_code', 'ann_date', 'proc'],
  holder_trades: ['ts_code', 'ann_date', 'holder_name', 'in_de'],
} as const;

export async function up(knex: Knex): Promise<void> {
  for (const [table, key] of Object.entries(KEYS)) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('seq').notNullable().defaultTo(1).comment('the row among those the source sent under one key');
    });
    await knex.schema.alterTable(table, (t) => {
      t.dropPrimary();
      t.primary([...key, 'seq']);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, key] of Object.entries(KEYS)) {
    await knex(table).where('seq', '>', 1).delete();
    await knex.schema.alterTable(table, (t) => {
      t.dropPrimary();
      t.primary([...key]);
    });
    await knex.schema.alterTable(table, (t) => t.dropColumn('seq'));
  }
}
