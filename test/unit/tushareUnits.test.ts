import { expect } from 'chai';
import { fromTushareDate, toTushareDate, toTushareUnits, TUSHARE_POWERS } from '../../src/domain/tables/tushareUnits';

describe('domain/tushareUnits: the store against Tushare’s units and dates', () => {
  it('a stored value back in Tushare’s units is ÷ 10^power through its decimal text, exact where a division is not, whatever its exponent', () => {
    // Registered capital: 1,234,500 yuan stored is 123.45 ten-thousand yuan. 0.7 / 10 is 0.06999999999999999.
    expect(toTushareUnits(1_234_500, TUSHARE_POWERS.stock_company.reg_capital)).to.equal(123.45);
    expect(toTushareUnits(0.7, 1)).to.equal(0.07);
    expect(0.7 / 10).to.not.equal(0.07);
    // Numbers whose text has an exponent of its own: shifted exactly, never NaN.
    expect(toTushareUnits(-5e-7, 4)).to.equal(-5e-11);
    expect(toTushareUnits(1.5e21, 4)).to.equal(1.5e17);
  });

  it('a whole number gives the decimal shift of its digits exactly, as the text would', () => {
    expect(toTushareUnits(123_456_789, 3)).to.equal(123_456.789);
    expect(toTushareUnits(-5, 4)).to.equal(-0.0005);
    expect(toTushareUnits(2 ** 53 - 1, 3)).to.equal(Number('9007199254740.991'));
    // Against the digits shifted in a text of the test's own, over whole numbers of every size.
    let seed = 7;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      const value = Math.floor((seed / 2_147_483_647) * 10 ** (i % 16)) * (i % 2 ? -1 : 1);
      const power = 1 + (i % 8);
      expect(toTushareUnits(value, power), `${value} ÷ 10^${power}`).to.equal(Number(`${value}e-${power}`));
    }
  });

  it('null stays null and a power of 0 leaves the value alone', () => {
    expect(toTushareUnits(null, 4)).to.equal(null);
    expect(toTushareUnits(17.5, 0)).to.equal(17.5);
  });

  it('dates go to YYYYMMDD and back; a time of day is dropped, null stays null', () => {
    expect(toTushareDate('2024-03-31')).to.equal('20240331');
    expect(toTushareDate('2024-03-31 15:00:00')).to.equal('20240331');
    expect(toTushareDate(null)).to.equal(null);
    expect(fromTushareDate('20240331')).to.equal('2024-03-31');
    expect(fromTushareDate(' 2024-03-31 ')).to.equal('2024-03-31');
  });

  it('a text that names no real day reads as null', () => {
    for (const text of ['20240230', '2024-02-30', '2024033', 'today', ''])
      expect(fromTushareDate(text), text).to.equal(null);
  });
});
