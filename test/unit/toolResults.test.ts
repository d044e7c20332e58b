import { expect } from 'chai';
import { fitToBudget, tabulate, truncationNote, type Json } from '../../src/domain/toolResults';

describe('domain/toolResults: tool results within an agent budget', () => {
  it('writes every list of records as columns once and rows of values, at any depth; other values stay', () => {
    const answer: Json = {
      data: [
        { symbol: '600519.SH', daily: [{ date: '2024-06-14', close: 1500.5 }, { date: '2024-06-13', close: 1490, volume: 10 }] },
        { symbol: '000001.SZ', daily: [] },
      ],
      pagination: { current_page: 1 },
      tags: ['a', 'b'],
    };
    expect(tabulate(answer)).to.deep.equal({
      data: {
        columns: ['symbol', 'daily'],
        rows: [
          ['600519.SH', { columns: ['date', 'close', 'volume'], rows: [['2024-06-14', 1500.5, null], ['2024-06-13', 1490, 10]] }],
          ['000001.SZ', []],
        ],
      },
      pagination: { current_page: 1 },
      tags: ['a', 'b'],
    });
  });

  it('leaves what fits alone and reports no cut', () => {
    expect(fitToBudget({ rows: [1, 2, 3] }, 100)).to.deep.equal({ value: { rows: [1, 2, 3] }, cuts: [] });
  });

  it('cuts the largest list from its end (series are newest first) until the JSON fits, and says what it kept', () => {
    // {"a":[1,…,100],"b":[1,2]}: 100 numbers of 1-3 digits; JSON.stringify of the whole is 309 characters.
    const value = { a: Array.from({ length: 100 }, (_, i) => i + 1), b: [1, 2] };
    const { value: cut, cuts } = fitToBudget(value, 100);
    const kept = (cut as { a: number[] }).a;
    expect(JSON.stringify(cut).length).to.be.at.most(100);
    expect(kept).to.deep.equal(Array.from({ length: kept.length }, (_, i) => i + 1));
    expect(cuts).to.deep.equal([{ path: '$.a', shown: kept.length, total: 100 }]);
    expect(value.a).to.have.length(100); // the input is not changed
  });

  it('keeps at least one item of a list and stops when nothing is left to cut', () => {
    const { value, cuts } = fitToBudget({ text: 'x'.repeat(50), list: ['y'.repeat(20), 'z'.repeat(20)] }, 10);
    expect(value).to.deep.equal({ text: 'x'.repeat(50), list: ['y'.repeat(20)] });
    expect(cuts).to.deep.equal([{ path: '$.list', shown: 1, total: 2 }]);
  });

  it('notes the cuts with the budget in characters and tokens and how to narrow the request', () => {
    expect(truncationNote([{ path: '$.data[0].daily', shown: 120, total: 728 }], 60_000)).to.equal(
      'Truncated to the result budget of 60000 characters (about 15000 tokens): $.data[0].daily shows the first 120 of 728. ' +
        'To get the rest, narrow the request: a shorter date range (begin_date/end_date), fewer symbols or fields, ' +
        'or a smaller limit with the next page (page/offset, or the cursor of trades).',
    );
  });
});
