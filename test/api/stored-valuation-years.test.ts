import { expect } from 'chai';
import type { Knex } from 'knex';
import { bumpDataVersion } from '../../src/db/dataVersions';
import { daysBetween, storedValuationYears, valuationYearOf } from '../../src/db/storedValuationYears';
import { rowRecords } from '../../src/ingest/csvRecords';
import { loadRecords } from '../../src/ingest/loadTable';
import { API } from '../../src/catalogue/apiCatalogue';
import { insertSecurities, loadMarket2024 } from '../support/marketData';
import { useKeyedServer } from '../support/server';

/** Days of 000001.SZ across a year end (one with nulls) and of 000651.SZ in 2024, in the API's units. */
const DAYS: [string, string, number | null][] = [
  ['000001.SZ', '2023-12-28', 4.1],
  ['000001.SZ', '2023-12-29', null],
  ['000001.SZ', '2024-01-02', 4.3],
  ['000001.SZ', '2024-06-13', 4.4],
  ['000001.SZ', '2024-06-14', 4.5],
  ['000651.SZ', '2024-06-14', 8.25],
];
const valuation = ([ts_code, trade_date, pe]: (typeof DAYS)[number]) => ({
  ts_code,
  trade_date,
  close: null,
  turnover_rate: 0.52,
  pe,
  pe_ttm: pe,
  pb: 0.55,
  total_share: 19405918198,
  total_mv: 194059181980.5,
});

async function seed(db: Knex): Promise<void> {
  await loadMarket2024(db);
  await insertSecurities(db, [
    { ts_code: '000001.SZ', name: '平安银行' },
    { ts_code: '000651.SZ', name: '格力电器' },
  ]);
  await db('daily_basic').insert(DAYS.map(valuation));
  await bumpDataVersion(db, 'market');
}

const WINDOW = '/v1/market/valuation?symbol=000001,000651&begin_date=2023-12-29&end_date=2024-06-13';

describe('stored valuation years: a security’s year of valuations read once is kept, forgotten by the loads that change it', () => {
  // The answer cache off: every read is the service's.
  const store = useKeyedServer(seed, 'professional', { answerCache: { enabled: false } });
  const text = (path: string) => store.text(path);
  const keptYears = () => store.db('stored_valuation_years').orderBy(['ts_code', 'year']).select('ts_code', 'year');
  /** The years stored, once the read that stores them (after its answer) has. */
  async function stored(count: number) {
    for (let tries = 0; tries < 200; tries++) {
      const years = await keptYears();
      if (years.length >= count) return years;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`never ${count} years stored`);
  }

  beforeEach(() => store.db('stored_valuation_years').del());

  it('the days of a window across a year end, read from the table and from the stored years, are the same bytes', async () => {
    const built = await text(WINDOW);
    expect(await stored(4)).to.deep.equal([
      { ts_code: '000001.SZ', year: 2023 },
      { ts_code: '000001.SZ', year: 2024 },
      { ts_code: '000651.SZ', year: 2023 },
      { ts_code: '000651.SZ', year: 2024 },
    ]);
    expect(await text(WINDOW)).to.equal(built);
    const body = JSON.parse(built);
    expect(
      body.data.map((series: { valuation: { date: string; pe: number | null }[] }) =>
        series.valuation.map((day) => [day.date, day.pe]),
      ),
    ).to.deep.equal([
      [
        ['2024-06-13', 4.4],
        ['2024-01-02', 4.3],
        ['2023-12-29', null],
      ],
      [],
    ]);
    // Some fields are written from the rows: the same days and figures as the whole answer's.
    const some = JSON.parse(await text(`${WINDOW}&fields=date,pe,total_mv`));
    expect(some.data[0].valuation).to.deep.equal(
      body.data[0].valuation.map(({ date, pe, total_mv }: Record<string, unknown>) => ({ date, pe, total_mv })),
    );
  });

  it('the next read answers from the stored years: a stored day changed under the server is answered', async () => {
    await text(WINDOW);
    await stored(4);
    const row = await store.db('stored_valuation_years').where({ ts_code: '000001.SZ', year: 2024 }).first('days');
    const days = row.days.toString().replace('"pe":4.4,', '"pe":9.9,');
    const year = valuationYearOf(days.split(/,(?=\{)/));
    await store
      .db('stored_valuation_years')
      .where({ ts_code: '000001.SZ', year: 2024 })
      .update({ days: year.days, ends: Buffer.from(year.ends.buffer) });
    const body = JSON.parse(await text(WINDOW.replace('2023-12-29', '2024-06-01')));
    expect(body.data[0].valuation.map((day: { pe: number }) => day.pe)).to.deep.equal([9.9]);
  });

  it('a load of a year forgets that year of every security, and the next read keeps the corrected days', async () => {
    await text(WINDOW);
    await stored(4);
    const row = { ts_code: '000001.SZ', trade_date: '20240613', close: '11.5', pe: '4.6', total_share: '1940591.8198' };
    await loadRecords(store.db, 'daily_basic.csv', rowRecords([row]), API.daily_basic.load);
    expect(await keptYears()).to.deep.equal([
      { ts_code: '000001.SZ', year: 2023 },
      { ts_code: '000651.SZ', year: 2023 },
    ]);
    const body = JSON.parse(await text(WINDOW));
    expect(body.data[0].valuation[0]).to.include({ date: '2024-06-13', pe: 4.6 });
    await stored(4);
  });

  it('daysBetween: the days of a year within a window, as one slice of its bytes', () => {
    const year = valuationYearOf([
      '{"date":"2024-06-14","pe":1}',
      '{"date":"2024-06-13","pe":null}',
      '{"date":"2024-01-02"}',
    ]);
    const between = (begin: string, end: string) => daysBetween(year, begin, end).toString();
    expect(between('2024-01-01', '2024-12-31')).to.equal(year.days.toString());
    expect(between('2024-06-13', '2024-06-13')).to.equal('{"date":"2024-06-13","pe":null}');
    expect(between('2024-01-02', '2024-06-13')).to.equal('{"date":"2024-06-13","pe":null},{"date":"2024-01-02"}');
    expect(between('2024-06-15', '2024-12-31')).to.equal('');
    expect(between('2023-01-01', '2024-01-01')).to.equal('');
    expect(daysBetween(valuationYearOf([]), '2024-01-01', '2024-12-31').toString()).to.equal('');
  });

  it('reads only the stored years of the layout asked', async () => {
    await text(WINDOW);
    await stored(4);
    expect((await storedValuationYears(store.db, ['000001.SZ'], [2024], 'another layout')).size).to.equal(0);
  });
});
