import type { Knex } from 'knex';

/**
 * One industry's securities by their industry: the cross-section of one industry and the stock list filtered
 * by industry start from its few hundred codes instead of reading the whole market and filtering (5,500 stocks
 * at full size; securities had no index on industry).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('securities', (t) => {
    t.index(['industry'], 'securities_industry_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('securities', (t) => {
    t.dropIndex([], 'securities_industry_idx');
  });
}
