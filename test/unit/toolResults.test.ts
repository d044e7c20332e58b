import { expect } from 'chai';
import { csvWithinBudget, fitToBudget, truncationNote } from '../../src/domain/answers/toolResults';

describe('domain/toolResults: tool results within an agent budget', () => {
  it('cuts CSV lines to the budget between rows, the header always kept, and counts what it kept', () => {
    const lines = ['date,close', '2024-06-14,10.18', '2024-06-13,10.8', '2024-06-12,10.88'];
    // The header (10) and the first row (1 + 16) make 27 characters; the second row would make 43.
    expect(csvWithinBudget(lines, 42)).to.deep.equal({ text: 'date,close\n2024-06-14,10.18', shown: 1, total: 3 });
    expect(csvWithinBudget(lines, 1000)).to.deep.equal({ text: lines.join('\n'), shown: 3, total: 3 });
    expect(csvWithinBudget(lines, 5)).to.deep.equal({ text: 'date,close', shown: 0, total: 3 });
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
        'or a smaller limit with the next page (page/offset, or the cursor of trades); ' +
        'or keep every row out of the context with store_as and ask them with query_results.',
    );
  });
});
