import { expect } from 'chai';
import type { Knex } from 'knex';
import { useKeyedServer } from '../support/server';
import { pageOf } from '../support/pagination';

/**
 * Five SSE main-board stocks, hand-made. 601999.SH traded as 600500.SH until its code change of 2012-03-05 and
 * the store holds only its new row, so before that day it is listed under 600500.SH, between 600400.SH and
 * 600600.SH, with its name of that day. 600700.SH listed in 2015.
 */
async function seed(db: Knex): Promise<void> {
  const stock = (ts_code: string, name: string, list_date: string) => ({
    ts_code,
    symbol: ts_code.slice(0, 6),
    name,
    kind: 'stock',
    exchange: 'SSE',
    list_date,
    list_status: 'L',
  });
  await db('securities').insert([
    stock('600100.SH', '甲', '2001-01-05'),
    stock('600400.SH', '乙', '2002-03-01'),
    stock('600600.SH', '丙', '2003-07-01'),
    stock('600700.SH', '丁', '2015-06-01'),
    stock('601999.SH', '新名', '2004-01-02'),
  ]);
  await db('code_changes').insert({ old_code: '600500.SH', new_code: '601999.SH', change_date: '2012-03-05' });
  await db('name_changes').insert([
    { ts_code: '601999.SH', start_date: '2004-01-02', name: '旧名' },
    { ts_code: '601999.SH', start_date: '2012-03-05', name: '新名' },
  ]);
}

const row = (symbol: string, name: string, currentSymbol: string, listingDate: string) => ({
  symbol,
  name,
  current_symbol: currentSymbol,
  kind: 'stock',
  exchange: 'SSE',
  board: 'main',
  industry: null,
  industry_classification: null,
  listing_date: listingDate,
  delisting_date: null,
  status: '上市',
  status_code: 'listed',
});

describe('GET /v1/stock/list on a date: pages ordered by the code shown that day', () => {
  const store = useKeyedServer(seed);
  const page = async (query: string) => (await store.get(`/v1/stock/list?${query}`)).body;

  it('before the code change the renamed stock sits under its old code, in every page that reaches it', async () => {
    const [first, second, third] = [
      await page('date=2010-01-04&limit=2'),
      await page('date=2010-01-04&limit=2&offset=2'),
      await page('date=2010-01-04&limit=2&offset=3'),
    ];
    expect(first).to.deep.equal({
      code: 200,
      message: 'success',
      pagination: pageOf(1, 4, 2),
      data: [row('600100.SH', '甲', '600100.SH', '2001-01-05'), row('600400.SH', '乙', '600400.SH', '2002-03-01')],
    });
    expect(second.data).to.deep.equal([
      row('600500.SH', '旧名', '601999.SH', '2004-01-02'),
      row('600600.SH', '丙', '600600.SH', '2003-07-01'),
    ]);
    expect(third.data).to.deep.equal([row('600600.SH', '丙', '600600.SH', '2003-07-01')]);
    expect(third.pagination).to.deep.equal(pageOf(2, 4, 2, 3));
  });

  it('after it, under its new code and name, last; a stock listed since joins in code order', async () => {
    const { data, pagination } = await page('date=2016-01-04&limit=3&offset=2');
    expect(data).to.deep.equal([
      row('600600.SH', '丙', '600600.SH', '2003-07-01'),
      row('600700.SH', '丁', '600700.SH', '2015-06-01'),
      row('601999.SH', '新名', '601999.SH', '2004-01-02'),
    ]);
    expect(pagination.total_items).to.equal(5);
  });
});
