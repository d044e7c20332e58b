import type { BaostockData } from '../../test/support/baostockServer';

type Rec = BaostockData['bars'][number];

/** A seeded generator of numbers in (0, 1) (Park–Miller), so that every run writes the same market. */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647;
}

/** A stock's unadjusted daily k-data over `days`, a random walk of ±2 % a day, in Baostock's layout and units. */
export function randomWalkBars(code: string, days: readonly string[], random: () => number): Rec[] {
  const bars: Rec[] = [];
  let close = 10 + random() * 20;
  for (const date of days) {
    const preclose = close;
    close = Math.max(1, preclose * (1 + (random() - 0.5) * 0.04));
    bars.push({
      date,
      code,
      open: preclose.toFixed(2),
      high: (Math.max(preclose, close) * 1.01).toFixed(2),
      low: (Math.min(preclose, close) * 0.99).toFixed(2),
      close: close.toFixed(2),
      preclose: preclose.toFixed(2),
      volume: String(Math.round(random() * 1e7)),
      amount: (random() * 1e8).toFixed(4),
      adjustflag: '3',
      turn: (random() * 3).toFixed(6),
      tradestatus: '1',
      pctChg: (((close - preclose) / preclose) * 100).toFixed(6),
      peTTM: (5 + random() * 30).toFixed(6),
      pbMRQ: (0.5 + random() * 3).toFixed(6),
      psTTM: (random() * 5).toFixed(6),
      isST: '0',
    });
  }
  return bars;
}
