import { expect } from 'chai';
import { snapshotAt } from '../support/quoteServer';
import { roundTo } from '../../src/domain/market/adjust';
import type { Snapshot } from '../../src/domain/market/quotes';
import { runningDailyBar } from '../../src/domain/market/runningBar';

/** Ping An Bank's quote at `time` (`YYYY-MM-DD HH:MM:SS`). */
const quote = (time: string, figures: Partial<Snapshot>): Snapshot =>
  snapshotAt(time.slice(0, 10), '000001.SZ', '平安银行', time.slice(11), figures);

describe("domain/runningBar: the day's running bar from a live quote", () => {
  it("an ordinary day: the quote's figures in the store's units (lots, yuan), the factor carried unchanged, not final", () => {
    const running = runningDailyBar(
      quote('2024-06-13 10:31:03', {
        last: 10.85,
        open: 10.89,
        high: 10.93,
        low: 10.82,
        pre_close: 10.88,
        volume: 40_012_300,
        amount: 434_733_100.5,
      }),
      { close: 10.88, adj_factor: 116.713 },
    );
    expect(running).to.deep.equal({
      bar: {
        trade_date: '2024-06-13',
        open: 10.89,
        high: 10.93,
        low: 10.82,
        close: 10.85,
        pre_close: 10.88,
        change: -0.03,
        pct_chg: -0.2757,
        vol: 400_123,
        amount: 434_733_100.5,
        turnover: null,
        adj_factor: 116.713,
      },
      asOf: '2024-06-13 10:31:03',
      final: false,
    });
  });

  it("on a real ex-date the factor steps as Tushare's did (000001.SZ 2024-06-14: 116.713 → 125.0496; 000333.SZ 2024-05-15: 5.122 → 5.3469)", () => {
    // Tushare daily and adj_factor (yhhe2004/QuantSandbox, MIT): last close 10.80, the exchange's reference pre-close 10.08.
    const pingAn = runningDailyBar(
      quote('2024-06-14 15:00:03', { last: 10.18, open: 10.15, high: 10.23, low: 9.99, pre_close: 10.08 }),
      { close: 10.8, adj_factor: 116.713 },
    )!;
    expect(roundTo(pingAn.bar.adj_factor!, 4)).to.equal(125.0496);
    expect(pingAn.final).to.equal(true);
    // Forward-adjusted on today's factor, the last close is the reference pre-close: history and today line up.
    expect(roundTo((10.8 * 116.713) / pingAn.bar.adj_factor!, 2)).to.equal(10.08);
    const midea = runningDailyBar(
      quote('2024-05-15 14:00:00', { ts_code: '000333.SZ', last: 69.76, pre_close: 67.86 }),
      { close: 70.84, adj_factor: 5.122 },
    )!;
    expect(roundTo(midea.bar.adj_factor!, 4)).to.equal(5.3469);
  });

  it('a halted or priceless quote makes no bar; without a stored bar or factor the factor is unknown', () => {
    expect(
      runningDailyBar(quote('2024-06-14 10:00:00', { pre_close: 10.08, suspended: true }), {
        close: 10.8,
        adj_factor: 116.713,
      }),
    ).to.equal(null);
    expect(runningDailyBar(quote('2024-06-14 10:00:00', { pre_close: 10.08 }), null)).to.equal(null);
    expect(
      runningDailyBar(quote('2024-06-14 10:00:00', { last: 10.1, pre_close: 10.08 }), null)!.bar.adj_factor,
    ).to.equal(null);
    expect(
      runningDailyBar(quote('2024-06-14 10:00:00', { last: 10.1 }), { close: 10.8, adj_factor: null })!.bar,
    ).to.include({ adj_factor: null, change: null, pct_chg: null });
  });
});
