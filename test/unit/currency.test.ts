import { expect } from 'chai';
import { currencyOf, foreignCurrencyOf } from '../../src/domain/reference/currency';

describe('currencyOf: B shares in US and Hong Kong dollars, the rest in yuan', () => {
  it('by exchange and code range', () => {
    expect(
      ['900901.SH', '200011.SZ', '600519.SH', '000001.SZ', '920017.BJ', '801120.SI', '000003.SH'].map(currencyOf),
    ).to.deep.equal(['USD', 'HKD', 'CNY', 'CNY', 'CNY', 'CNY', 'CNY']);
    expect([foreignCurrencyOf('900901.SH'), foreignCurrencyOf('600519.SH')]).to.deep.equal([{ currency: 'USD' }, {}]);
  });
});
