import type { Knex } from 'knex';

/**
 * The store's declared universe (src/domain/market/universe.ts): what it means to hold, line by line: the whole
 * market, an index's members or one security, each from a first day to a last (none: open). No line: the
 * whole market, always. A declaration replaces the lines before it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('universe_entries', (t) => {
    t.string('scope', 8).notNullable().comment('market, index or security');
    t.string('code', 12).notNullable().comment('* for the market; the index or the security');
    t.date('start_date').notNullable();
    t.date('end_date').comment('the last day meant (on it); null: open');
    t.primary(['scope', 'code', 'start_date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('universe_entries');
}
