import { expect } from 'chai';
import { CodeChangeMap, requestedSymbolOf } from '../../src/domain/reference/codeChanges';

// The demo's two real changes (000022.SZ → 001872.SZ on 2018-12-26, 000043.SZ → 001914.SZ on 2019-12-16) and a
// made-up two-hop chain A → B → C, the second hop on 2021-03-01.
const CHANGES = [
  { old_code: '000022.SZ', new_code: '001872.SZ', change_date: '2018-12-26', reason: '重组' },
  { old_code: '000043.SZ', new_code: '001914.SZ', change_date: '2019-12-16', reason: '重组' },
  { old_code: '900001.SH', new_code: '900002.SH', change_date: '2020-01-02', reason: null },
  { old_code: '900002.SH', new_code: '900003.SH', change_date: '2021-03-01', reason: null },
];
// 001914.SZ is not a security of this store: its old code stands for itself.
const map = new CodeChangeMap(CHANGES, new Set(['001872.SZ', '900003.SH']));

describe('code changes from memory (CodeChangeMap)', () => {
  it('resolves an old code to the security it became, following chains, only when the store knows it', () => {
    expect(map.resolve(['000022.SZ', '000043.SZ', '900001.SH', '600519.SH', '001872.SZ'])).to.deep.equal([
      { requested: '000022.SZ', code: '001872.SZ' },
      { requested: '000043.SZ', code: '000043.SZ' },
      { requested: '900001.SH', code: '900003.SH' },
      { requested: '600519.SH', code: '600519.SH' },
      { requested: '001872.SZ', code: '001872.SZ' },
    ]);
  });

  it("gives a security's codes, current first, each former one until its successor took over", () => {
    expect(Object.fromEntries(map.spans(['900003.SH', '001872.SZ', '600519.SH']))).to.deep.equal({
      '900003.SH': [
        { code: '900003.SH', until: null },
        { code: '900002.SH', until: '2021-03-01' },
        { code: '900001.SH', until: '2020-01-02' },
      ],
      '001872.SZ': [
        { code: '001872.SZ', until: null },
        { code: '000022.SZ', until: '2018-12-26' },
      ],
      '600519.SH': [{ code: '600519.SH', until: null }],
    });
  });

  it('lists the changes touching codes, all of them, and the whole chain of any code in it', () => {
    expect(map.touching(['001914.SZ'])).to.deep.equal([CHANGES[1]]);
    expect(map.touching()).to.deep.equal(CHANGES);
    expect(map.chainOf('900002.SH')).to.deep.equal([CHANGES[2], CHANGES[3]]);
    expect(map.chainOf('600519.SH')).to.deep.equal([]);
  });

  it('names the requested old code in a payload only when it differs', () => {
    expect(requestedSymbolOf({ requested: '000022.SZ', code: '001872.SZ' })).to.deep.equal({
      requested_symbol: '000022.SZ',
    });
    expect(requestedSymbolOf({ requested: '600519.SH', code: '600519.SH' })).to.deep.equal({});
  });
});
