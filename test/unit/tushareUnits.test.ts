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
