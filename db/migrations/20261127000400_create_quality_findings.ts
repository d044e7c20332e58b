import type { Knex } from 'knex';

/**
 * The audit's findings (src/domain/quality): per check, security ('' for a whole-market finding), day and item
 * (a statement's version, or ''), its severity and figures as JSON, when first and last found, and when a later
 * audit no longer found it (resolved). The key is what makes a finding the same across runs; the date-led index
 * serves the findings of a range, the open-led one the counts of what is open.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quality_findings', (t) => {
    t.string('check_name', 32).notNullable();
    t.string('ts_code', 12).notNullable().defaultTo('');
    t.date('trade_date').notNullable();
    t.string('item', 64).notNullable().defaultTo('');
    t.string('severity', 8).notNullable();
    t.text('detail').notNullable();
    t.dateTime('first_seen').notNullable();
    t.dateTime('last_seen').notNullable();
    t.dateTime('resolved_at').nullable();
    t.primary(['check_name', 'ts_code', 'trade_date', 'item']);
    t.index(['trade_date', 'ts_code'], 'quality_findings_date_idx');
    t.index(['resolved_at', 'check_name', 'severity'], 'quality_findings_open_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('quality_findings');
}
