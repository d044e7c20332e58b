import type { Knex } from 'knex';
import { bumpDataVersion } from '../../src/db/dataVersions';

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * A `daily_basic` row for every generated bar (in the API's units), from the bar's close: shares fixed per
 * stock, market values close × shares, ratios drifting with the price. Read back from `daily_bars` in slices
 * of days so that memory stays flat whatever the size.
 */
export async function generateValuations(
  db: Knex,
  days: string[],
  onDay: (done: number) => void = () => {},
): Promise<number> {
  let rows = 0;
  for (const [i, day] of days.entries()) {
    const bars: Array<{ ts_code: string; close: number; turnover: number | null }> = await db('daily_bars')
      .where('trade_date', day)
      .select('ts_code', 'close', 'turnover');
    const valuations = bars.map(({ ts_code, close, turnover }) => {
      const seed = Number(ts_code.slice(0, 6)) % 997;
      const totalShare = (1 + seed) * 10_000_000;
      const earningsPerShare = 0.2 + (seed % 50) / 25;
      return {
        ts_code,
        trade_date: day,
        close,
        turnover_rate: turnover,
        turnover_rate_f: turnover === null ? null : round4(turnover * 1.6),
        volume_ratio: round4(0.5 + (seed % 30) / 20),
        pe: round4(close / earningsPerShare),
        pe_ttm: round4(close / (earningsPerShare * 1.05)),
        pb: round4(close / (2 + (seed % 20))),
        ps: round4(close / (3 + (seed % 40))),
        ps_ttm: round4(close / (3.1 + (seed % 40))),
        dv_ratio: round4((seed % 7) / 2),
        dv_ttm: round4((seed % 7) / 2.1),
        total_share: totalShare,
        float_share: totalShare * 0.8,
        free_share: totalShare * 0.5,
        total_mv: Math.round(close * totalShare),
        circ_mv: Math.round(close * totalShare * 0.8),
      };
    });
    // 400 rows an insert: SQLite's compound SELECT takes at most 500 terms.
    for (let at = 0; at < valuations.length; at += 400) await db('daily_basic').insert(valuations.slice(at, at + 400));
    rows += valuations.length;
    onDay(i + 1);
  }
  await bumpDataVersion(db, 'market');
  return rows;
}
