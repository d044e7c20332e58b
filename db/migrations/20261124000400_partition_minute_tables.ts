import type { Knex } from 'knex';

/**
 * On MySQL/MariaDB, minute bars and ticks are range-partitioned by trade day, so that retention drops a day
 * (src/domain/time/dayPartitions.ts) instead of deleting the whole market's 1.3 M rows of it while readers wait.
 * The tables start with one partition, p_future; retention (at server start, then hourly) splits it into a
 * partition per day of the window and a week ahead. Every unique key holds trade_time, as partitioning
 * needs. SQLite has no partitions: retention deletes there in bounded batches.
 */
const TABLES = ['intraday_bars', 'trades'];
// The dialect read here, not through src/db/connection: each migration is bundled on its own (scripts/build.ts).
const isSqlite = (knex: Knex) => knex.client.dialect === 'sqlite3';

export async function up(knex: Knex): Promise<void> {
  if (isSqlite(knex)) return;
  for (const table of TABLES)
    await knex.raw(
      'alter table ?? partition by range (to_days(trade_time)) (partition p_future values less than maxvalue)',
      [table],
    );
}

export async function down(knex: Knex): Promise<void> {
  if (isSqlite(knex)) return;
  for (const table of TABLES) await knex.raw('alter table ?? remove partitioning', [table]);
}
