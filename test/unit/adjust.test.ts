import { expect } from 'chai';
import {
  backwardPrice,
  fillFactors,
  forwardAdjustedBar,
  forwardAdjustedBars,
  forwardPrice,
  roundTo,
  unadjustedBars,
  type RawDailyBar,
} from '../../src/domain/market/adjust';
import { adjFactors2024, dailyBars2024 } from '../support/marketData';

/** The real 2024 bars of 000001.SZ (Ping An Bank) with their factors, newest first; ex-dividend on 2024-06-14. */
function pingAn(): RawDailyBar[] {
  const factors = new Map(adjFactors2024(['000001.SZ']).map((row) => [row.trade_date, row.adj_factor]));
  return dailyBars2024(['000001.SZ'])
    .map(
      (bar) => ({ ...bar, trade_date: bar.trade_date, adj_factor: factors.get(bar.trade_date) ?? null }) as RawDailyBar,
    )
    .reverse();
}

const ANCHOR = 127.7841; // factor on 2024-12-31, the latest day of the file

describe('domain/adjust', () => {
  const bars = pingAn();
  const window = (from: string, to: string) => bars.filter((bar) => bar.trade_date >= from && bar.trade_date <= to);
  const before = (date: string) => bars.find((bar) => bar.trade_date < date) ?? null;

  it('the source has the June 2024 ex-date: factor 116.713 → 125.0496', () => {
    const [exDate, lastCum] = window('2024-06-13', '2024-06-14');
    expect(exDate).to.include({ trade_date: '2024-06-14', close: 10.18, pre_close: 10.08, adj_factor: 125.0496 });
    expect(lastCum).to.include({ trade_date: '2024-06-13', close: 10.8, adj_factor: 116.713 });
  });

  it('forward prices across the ex-date, by hand: P × AF(t) / AF(2024-12-31)', () => {
    // 10.80 × 116.713 / 127.7841 = 9.86430 ; 10.18 × 125.0496 / 127.7841 = 9.96215
    const adjusted = forwardAdjustedBars(window('2024-06-13', '2024-06-14'), before('2024-06-13'), ANCHOR);
    expect(adjusted[1]).to.include({ date: '2024-06-13', close: 9.86, open: 9.95, high: 9.98, low: 9.86 });
    expect(adjusted[0]).to.include({ date: '2024-06-14', close: 9.96, open: 9.93, high: 10.01, low: 9.78 });
  });

  it('pre_close is the adjusted close of the day before, so change and pct_change are continuous', () => {
    const adjusted = forwardAdjustedBars(window('2024-06-13', '2024-06-14'), before('2024-06-13'), ANCHOR);
    // ex-date: pre_close 9.864298 → 9.86 (= the displayed 06-13 close), close 9.962154 → 9.96; change and
    // pct_change from the displayed prices: 9.96 − 9.86 = 0.10, (9.96 / 9.86 − 1) × 100 = 1.01420 %
    // (from the unrounded prices it would be 0.99203 %, which a reader of the row cannot reproduce)
    expect(adjusted[0]).to.include({ pre_close: 9.86, close: 9.96, change: 0.1, pct_change: 1.0142 });
    // 06-13: pre_close = 10.88 × 116.713 / 127.7841 = 9.937367 → 9.94; close 9.86: change −0.08, (9.86 / 9.94 − 1) × 100 = −0.80483 %
    expect(adjusted[1]).to.include({ pre_close: 9.94, close: 9.86, change: -0.08, pct_change: -0.8048 });
    // The unadjusted change on the ex-date is +0.10 against the exchange's ex-dividend reference 10.08, not −0.62.
    expect(unadjustedBars(window('2024-06-14', '2024-06-14'))[0]).to.include({
      pre_close: 10.08,
      change: 0.1,
      adj_factor: 125.0496,
    });
  });

  it('on the anchor day forward prices equal the raw ones; volume and amount are never adjusted', () => {
    const [last] = forwardAdjustedBars(window('2024-12-31', '2024-12-31'), before('2024-12-31'), ANCHOR);
    expect(last).to.include({ date: '2024-12-31', close: 11.7, volume: 1475367, amount: 1747242070 });
    expect(last).not.to.have.property('adj_factor');
  });

  it('without a bar before, the first pre_close is the raw pre_close adjusted by its own factor', () => {
    const [exDate] = forwardAdjustedBars(window('2024-06-14', '2024-06-14'), null, ANCHOR);
    expect(exDate!.pre_close).to.equal(9.86); // 10.08 × 125.0496 / 127.7841 = 9.8643
  });

  it('after a suspension pre_close is the adjusted close of the last traded day', () => {
    const suspended = window('2024-06-12', '2024-06-14').filter((bar) => bar.trade_date !== '2024-06-13');
    const adjusted = forwardAdjustedBars(suspended, before('2024-06-12'), ANCHOR);
    expect(adjusted.map((bar) => bar.date)).to.deep.equal(['2024-06-14', '2024-06-12']);
    // 06-12 close 10.88 × 116.713 / 127.7841 = 9.9374 → 9.94; 06-14 close 9.9622 → 9.96: change 0.02, (9.96 / 9.94 − 1) × 100 = 0.2012 %
    expect(adjusted[0]).to.include({ pre_close: 9.94, change: 0.02, pct_change: 0.2012 });
  });

  it('backward prices by hand: P × AF(t)', () => {
    expect(backwardPrice(10.8, 116.713)).to.equal(1260.5004);
    expect(backwardPrice(10.18, 125.0496)).to.equal(1273.0049);
    expect(forwardPrice(10.8, 116.713, ANCHOR)).to.equal(9.8643);
  });

  it('without an anchor factor (an index) bars are returned unadjusted and without adj_factor', () => {
    const raw = window('2024-06-14', '2024-06-14').map((bar) => ({ ...bar, adj_factor: null }));
    const [bar] = forwardAdjustedBars(raw, null, null);
    expect(bar).to.include({ close: 10.18, pre_close: 10.08 });
    expect(bar).not.to.have.property('adj_factor');
  });

  it('fills factor gaps from the older bar, the oldest from the newer one', () => {
    expect(fillFactors([null, 2, null, 3, null])).to.deep.equal([2, 2, 2, 3, 3]);
    expect(fillFactors([null, null])).to.deep.equal([null, null]);
  });

  it("one day's bar adjusted alone is the window of that one bar: the ex-date by hand, and factor gaps on either side", () => {
    const [exDate] = window('2024-06-14', '2024-06-14');
    const lastCum = before('2024-06-14')!;
    // pre_close: 10.80 × 116.713 / 127.7841 = 9.86; close 10.18 × 125.0496 / 127.7841 = 9.96; change 0.10, +1.0142 %
    expect(forwardAdjustedBar(exDate!, lastCum, ANCHOR)).to.deep.equal({
      date: '2024-06-14',
      open: 9.93,
      high: 10.01,
      low: 9.78,
      close: 9.96,
      pre_close: 9.86,
      change: 0.1,
      pct_change: 1.0142,
      volume: 1637990,
      amount: exDate!.amount,
      turnover: exDate!.turnover,
    });
    const cases: Array<[RawDailyBar, RawDailyBar | null, number | null]> = [
      [exDate!, lastCum, ANCHOR],
      [exDate!, null, ANCHOR],
      [{ ...exDate!, adj_factor: null }, lastCum, ANCHOR],
      [exDate!, { ...lastCum, adj_factor: null }, ANCHOR],
      [{ ...exDate!, adj_factor: null }, { ...lastCum, adj_factor: null }, ANCHOR],
      [{ ...exDate!, adj_factor: null }, null, ANCHOR],
      [exDate!, lastCum, null],
    ];
    for (const [bar, previous, anchor] of cases)
      expect(forwardAdjustedBar(bar, previous, anchor)).to.deep.equal(forwardAdjustedBars([bar], previous, anchor)[0]);
  });

  it('rounds half away from zero despite binary floating point', () => {
    expect(roundTo(1.005, 2)).to.equal(1.01);
    expect(roundTo(-1.005, 2)).to.equal(-1.01);
  });
});
