import type { Knex } from 'knex';

const TABLES = ['income_statements', 'balance_sheets', 'cash_flows'] as const;

/**
 * The financial cross-section reads every company's statement of one period: its primary key starts with
 * ts_code, so without this index the read scans the whole table (5,000 stocks × 20 years × 4 periods of
 * versions); with it, one range by period.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.index(['end_date', 'report_type', 'ts_code'], `${table}_period_idx`);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(['end_date', 'report_type', 'ts_code'], `${table}_period_idx`);
    });
  }
}
