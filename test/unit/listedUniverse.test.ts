import { expect } from 'chai';
import type { Exchange } from '../../src/domain/reference/symbols';
import { ListedUniverse, type UniverseFilter, type UniverseSecurity } from '../../src/domain/reference/listedUniverse';

const stock = (
  ts_code: string,
  exchange: Exchange,
  list_date: string,
  more: Partial<UniverseSecurity> = {},
): UniverseSecurity => ({
  ts_code,
  name: ts_code.slice(0, 6),
  kind: 'stock',
  exchange,
  industry: null,
  list_date,
  delist_date: null,
  list_status: 'L',
  ...more,
});

// The demo's two real code changes: 000022.SZ → 001872.SZ on 2018-12-26, both rows in the store with the 1993
// listing date and the old one never delisted (as upstream lists them); 000043.SZ → 001914.SZ on 2019-12-16,
// the old code not in the store.
const SECURITIES = [
  stock('688001.SH', 'SSE', '2019-07-22'),
  stock('600000.SH', 'SSE', '1999-11-10', { industry: '银行' }),
  stock('600001.SH', 'SSE', '1998-01-22', { delist_date: '2009-12-29', list_status: 'D' }),
  stock('000022.SZ', 'SZSE', '1993-05-05', { list_status: 'D' }),
  stock('001872.SZ', 'SZSE', '1993-05-05'),
  stock('001914.SZ', 'SZSE', '1994-09-28'),
  stock('830799.BJ', 'BSE', '2021-11-15', { list_date: null }),
  { ...stock('000300.SH', 'SSE', '2005-04-08'), kind: 'index' },
];
const CHANGES = [
  { old_code: '000022.SZ', new_code: '001872.SZ', change_date: '2018-12-26', reason: '重组' },
  { old_code: '000043.SZ', new_code: '001914.SZ', change_date: '2019-12-16', reason: '重组' },
];
const universe = new ListedUniverse(SECURITIES, CHANGES);
const ALL = { limit: 100, offset: 0 };
const shown = (filter: UniverseFilter) =>
  universe.page(filter, ALL).rows.map((row) => `${row.code_then}=${row.ts_code}`);

describe('the stock list universe from memory (ListedUniverse)', () => {
  it('without a date: every security of the kind in code order, an old code left out when its successor is in the store', () => {
    expect(shown({ kind: 'stock' })).to.deep.equal([
      '001872.SZ=001872.SZ',
      '001914.SZ=001914.SZ',
      '600000.SH=600000.SH',
      '600001.SH=600001.SH',
      '688001.SH=688001.SH',
      '830799.BJ=830799.BJ',
    ]);
    expect(shown({ kind: 'index' })).to.deep.equal(['000300.SH=000300.SH']);
    expect(shown({ kind: 'fund' })).to.deep.equal([]);
  });

  it('without a date: the status, exchange, board and industry filter the rows of now', () => {
    expect(shown({ kind: 'stock', status: 'D' })).to.deep.equal(['600001.SH=600001.SH']);
    expect(shown({ kind: 'stock', exchange: 'SSE', board: 'star' })).to.deep.equal(['688001.SH=688001.SH']);
    expect(shown({ kind: 'stock', industry: '银行' })).to.deep.equal(['600000.SH=600000.SH']);
  });

  it('before both changes: the old codes, the one in the store by its own row and its successor left out', () => {
    // 000022.SZ stands for itself; 001914.SZ shows as 000043.SZ, whose own row the store lacks; 600001.SH was
    // delisted in 2009, 688001.SH not yet listed, 830799.BJ has no listing date.
    expect(shown({ kind: 'stock', date: '2018-01-02' })).to.deep.equal([
      '000022.SZ=000022.SZ',
      '000043.SZ=001914.SZ',
      '600000.SH=600000.SH',
    ]);
  });

  it('between the changes: the first under its new code (the old row, never delisted, left out), the second still old', () => {
    expect(shown({ kind: 'stock', date: '2019-06-03' })).to.deep.equal([
      '000043.SZ=001914.SZ',
      '001872.SZ=001872.SZ',
      '600000.SH=600000.SH',
    ]);
    expect(shown({ kind: 'stock', date: '2019-12-16' })).to.deep.equal([
      '001872.SZ=001872.SZ',
      '001914.SZ=001914.SZ',
      '600000.SH=600000.SH',
      '688001.SH=688001.SH',
    ]);
  });

  it('on a date every member was listed: status L filters nothing, any other status leaves none', () => {
    expect(shown({ kind: 'stock', date: '2019-06-03', status: 'L' })).to.deep.equal(
      shown({ kind: 'stock', date: '2019-06-03' }),
    );
    expect(shown({ kind: 'stock', date: '2019-06-03', status: 'D' })).to.deep.equal([]);
  });

  it('pages the ordered universe and counts all of it; a member keeps its reference row', () => {
    expect(universe.page({ kind: 'stock', date: '2019-06-03' }, { limit: 1, offset: 0 })).to.deep.equal({
      rows: [{ ...SECURITIES[5]!, code_then: '000043.SZ' }],
      total: 3,
    });
    expect(universe.page({ kind: 'stock' }, { limit: 2, offset: 5 })).to.deep.equal({
      rows: [{ ...SECURITIES[6]!, code_then: '830799.BJ' }],
      total: 6,
    });
  });
});
