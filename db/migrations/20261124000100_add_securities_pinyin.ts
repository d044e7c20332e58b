import type { Knex } from 'knex';

/**
 * The full pinyin of a security's name, written on import (src/ingest/tables/securityRows.ts), so the server
 * builds its search index without the pinyin dictionary (pinyin-pro: 9 MB of heap, 27 MB of RSS in the
 * serving process). A store imported before this migration gets it here, once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('securities', (t) => {
    t.string('pinyin', 256).comment('full pinyin of the name, upper case: PINGANYINHANG');
  });
  const rows: Array<{ ts_code: string; name: string }> = await knex('securities').select('ts_code', 'name');
  if (rows.length === 0) return;
  const { fullPinyinOf } = await import('../../src/domain/reference/cnspell');
  await knex.transaction(async (trx) => {
    for (const { ts_code, name } of rows)
      await trx('securities')
        .where({ ts_code })
        .update({ pinyin: fullPinyinOf(name) });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('securities', (t) => {
    t.dropColumn('pinyin');
  });
}
