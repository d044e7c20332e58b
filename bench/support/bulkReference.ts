import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import mysql from 'mysql2/promise';

/**
 * The databases' own bulk paths, the reference the importer is measured against: the same file with the
 * same unit conversion (Tushare `daily` amount in thousand yuan → yuan; `stk_mins` is already in yuan).
 */
const LOAD_DATA = {
  daily_bars: `load data local infile ? into table daily_bars
  fields terminated by ',' lines terminated by '\\n' ignore 1 lines
  (ts_code, @trade_date, open, high, low, close, pre_close, \`change\`, pct_chg, vol, @amount)
  set trade_date = str_to_date(@trade_date, '%Y%m%d'), amount = @amount * 1000, published_at = utc_timestamp()`,
  intraday_bars: `load data local infile ? into table intraday_bars
  fields terminated by ',' lines terminated by '\\n' ignore 1 lines
  (ts_code, trade_time, open, close, high, low, vol, amount)`,
};

/** MySQL/MariaDB `LOAD DATA LOCAL INFILE` of a Tushare CSV into a migrated database; returns the seconds it took. */
export async function loadDataInfile(databaseUrl: string, table: keyof typeof LOAD_DATA, csv: string): Promise<number> {
  const connection = await mysql.createConnection({
    uri: databaseUrl,
    infileStreamFactory: (path: string) => createReadStream(path),
  });
  try {
    const started = performance.now();
    await connection.query(LOAD_DATA[table], [csv]);
    return (performance.now() - started) / 1000;
  } finally {
    await connection.end();
  }
}

/**
 * SQLite's `.import` of a Tushare `daily` CSV into a raw table, then one INSERT … SELECT in key order with the
 * table's secondary indexes made after the rows (as one loads a clustered table by hand); returns the seconds.
 */
export function sqliteImportDaily(file: string, csv: string): number {
  const indexes = execFileSync(
    'sqlite3',
    [
      file,
      "select name || char(9) || sql from sqlite_master where type = 'index' and tbl_name = 'daily_bars' and sql is not null",
    ],
    { encoding: 'utf8' },
  )
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t') as [string, string]);
  const started = performance.now();
  execFileSync('sqlite3', [file], {
    input:
      `create table raw_daily (c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11);\n.import --csv --skip 1 ${csv} raw_daily\n` +
      `begin; ${indexes.map(([name]) => `drop index ${name};`).join(' ')}
       insert into daily_bars (ts_code, trade_date, open, high, low, close, pre_close, "change", pct_chg, vol, amount, published_at)
       select c1, substr(c2,1,4)||'-'||substr(c2,5,2)||'-'||substr(c2,7,2), c3, c4, c5, c6, c7, c8, c9, c10, c11 * 1000, datetime('now') from raw_daily order by c1, c2;
       ${indexes.map(([, sql]) => `${sql};`).join(' ')} commit;
       drop table raw_daily;\n`,
  });
  return (performance.now() - started) / 1000;
}
