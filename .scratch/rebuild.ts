import Database from 'better-sqlite3';
const db = new Database(process.argv[2]!);
for (const table of ['income_statements', 'balance_sheets', 'cash_flows']) {
  const sql = (db.prepare("select sql from sqlite_master where name = ?").get(table) as { sql: string }).sql;
  const t = Date.now();
  db.exec('begin');
  db.exec(`alter table ${table} rename to ${table}_old`);
  db.exec(sql.replace(/\)\s*$/, ') without rowid'));
  db.exec(`insert into ${table} select * from ${table}_old; drop table ${table}_old;`);
  db.exec('commit');
  console.log(table, Date.now() - t, 'ms');
}
db.exec('vacuum');
