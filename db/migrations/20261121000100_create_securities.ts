import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('securities', (t) => {
    t.string('ts_code', 12).primary().comment('standard code, e.g. 600519.SH');
    t.string('symbol', 6).notNullable().comment('6-digit code');
    t.string('kind', 8).notNullable().defaultTo('stock').comment('stock or index');
    t.string('name', 64).notNullable();
    t.string('fullname', 128);
    t.string('enname', 256);
    t.string('cnspell', 32).comment('pinyin initials of the name, upper case');
    t.string('exchange', 4).notNullable().comment('SSE, SZSE or BSE');
    t.string('market', 16).comment('board: 主板, 创业板, 科创板, 北交所, CDR');
    t.string('industry', 32);
    t.string('subindustry', 32);
    t.string('area', 32).comment('region');
    t.string('curr_type', 8);
    t.date('list_date');
    t.date('delist_date');
    t.string('list_status', 1).notNullable().defaultTo('L').comment('L listed, P suspended, D delisted');
    t.string('is_hs', 1).comment('Stock Connect: N, H or S');
    t.string('act_name', 128).comment('actual controller');
    t.string('act_ent_type', 32);
    t.double('par_value');
    t.text('description');
    t.string('website', 128);
    t.string('address', 256);
    t.string('chairman', 64);
    t.string('general_manager', 64);
    t.string('secretary', 64);
    t.date('established_date');
    t.double('registered_capital').comment('yuan');
    t.string('organization_code', 32);
    t.text('business_scope');
    t.index(['symbol'], 'securities_symbol_idx');
    t.index(['name'], 'securities_name_idx');
    t.index(['cnspell'], 'securities_cnspell_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('securities');
}
