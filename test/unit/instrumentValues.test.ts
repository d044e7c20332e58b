import { expect } from 'chai';
import { conversionPriceOn, conversionValue, premiumPercent } from '../../src/domain/market/instrumentValues';

describe('domain/instrumentValues', () => {
  // 113050.SH of test/fixtures/instruments: first price 10.10, then 9.65 → 9.26 from 2023-06-16, 9.26 → 8.90 from 2024-06-06.
  const changes = [
    { date: '2023-06-16', before: 9.65, after: 9.26 },
    { date: '2024-06-06', before: 9.26, after: 8.9 },
  ];

  it('the conversion price in force on a day counts a change from its effective date', () => {
    expect(
      ['2023-06-15', '2023-06-16', '2024-06-05', '2024-06-06', '2025-01-02'].map((day) =>
        conversionPriceOn(day, 10.1, changes),
      ),
    ).to.deep.equal([9.65, 9.26, 9.26, 8.9, 8.9]);
    expect(conversionPriceOn('2024-01-02', 10.1, [])).to.equal(10.1);
    expect(conversionPriceOn('2024-01-02', null, [])).to.equal(null);
  });

  it('conversion value: the underlying close × 100 ÷ the conversion price', () => {
    // 5.62 × 100 / 9.26 = 60.6911447…; 5.62 × 100 / 8.90 = 63.1460674…
    expect([conversionValue(5.62, 9.26), conversionValue(5.62, 8.9)]).to.deep.equal([60.6911, 63.1461]);
    expect([conversionValue(null, 8.9), conversionValue(5.62, null), conversionValue(5.62, 0)]).to.deep.equal([
      null,
      null,
      null,
    ]);
  });

  it('premium in percent over a value: conversion premium, NAV premium or discount', () => {
    // 121.004 / 60.6911 = 1.9937684…: 99.3768 %; 3.951 / 3.9514 − 1 = −0.000101…: −0.0101 %
    expect(premiumPercent(121.004, 60.6911)).to.equal(99.3768);
    expect(premiumPercent(3.951, 3.9514)).to.equal(-0.0101);
    expect([premiumPercent(null, 1), premiumPercent(1, null), premiumPercent(1, 0)]).to.deep.equal([null, null, null]);
  });
});
