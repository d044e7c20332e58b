/**
 * One-off conversion of the index series of LiuZesensengsheng/gupiao @8a6f5b2, `data/000001.SH.csv`,
 * `data/000300.SH.csv`, `data/399001.SZ.csv`, `data/399006.SZ.csv` (date, OHLC, volume, amount, symbol;
 * 2018-01-02..2026-03-18) into Tushare's `index_daily.csv` layout and units (vol in lots, amount in thousand
 * yuan, dates YYYYMMDD).
 * Run: node --import tsx db/demo/convert-index-daily.ts <the four source files> > db/demo/index_daily.csv
 *
 * Units of the sources, checked row by row through the average price per share (amount ÷ shares, which must
 * lie between 1 and 1,000 yuan): `volume` is in lots in all four files; `amount` is in yuan except in
 * 399006.SZ, whose amount is in thousand yuan throughout. The last 2 rows of every file (2026-03-17 and -18)
 * are dropped: their amount switches to thousand yuan. pre_close, change and pct_chg are derived from the
 * previous row's close (empty on the first row).
 */
import { readFileSync } from 'node:fs';

const THOUSAND_YUAN_FILES = ['399006.SZ'];
const round = (value: number, digits: number) => Number(value.toFixed(digits));

console.log('ts_code,trade_date,close,open,high,low,pre_close,change,pct_chg,vol,amount');
for (const path of process.argv.slice(2)) {
  const [header, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const names = header!.split(',');
  const rows = lines
    .slice(0, -2)
    .map((line) => Object.fromEntries(line.split(',').map((value, i) => [names[i], value])));
  let previousClose: number | null = null;
  for (const row of rows) {
    const code = row.symbol!;
    const close = Number(row.close);
    const vol = Number(row.volume);
    const amountThousand = THOUSAND_YUAN_FILES.includes(code) ? Number(row.amount) : Number(row.amount) / 1000;
    const pricePerShare = (amountThousand * 1000) / (vol * 100);
    if (!(pricePerShare >= 1 && pricePerShare <= 1000))
      throw new Error(`${path} ${row.date}: units do not fit (${pricePerShare} yuan per share)`);
    const change = previousClose === null ? null : round(close - previousClose, 4);
    const pct = previousClose === null ? null : round(((close - previousClose) / previousClose) * 100, 4);
    console.log(
      [
        code,
        row.date!.replaceAll('-', ''),
        row.close,
        row.open,
        row.high,
        row.low,
        previousClose ?? '',
        change ?? '',
        pct ?? '',
        vol,
        round(amountThousand, 3),
      ].join(','),
    );
    previousClose = close;
  }
}
