import { expect } from 'chai';
import { limitMoveOf, nameOnDay, riskWarningOf } from '../../src/domain/quality/dayStates';
import { ladderOf } from '../../src/domain/quality/limitLadder';

describe('day states: the pure rules', () => {
  it('reads the risk warning a name marked, real names of each kind', () => {
    const names = [
      // Doc 397's example: *ST天山 and ST联创 on the risk-warning board.
      '*ST天山',
      'ST联创',
      // The split-share reform: SST and S*ST unreformed under ST and *ST, S深发展A unreformed alone.
      'SST华新',
      'S*ST北亚',
      'S深发展A',
      // The delisting arrangement, before 2020 (退市XX) and after (XX退).
      '退市长油',
      '搜特退',
      '贵州茅台',
      // Spaces around a name are not part of it.
      ' ST联创 ',
    ];
    expect(names.map(riskWarningOf)).to.deep.equal([
      '*ST',
      'ST',
      'ST',
      '*ST',
      'S',
      'delisting',
      'delisting',
      'none',
      'ST',
    ]);
  });

  it('the name of a day is the newest span that covers it, none outside them', () => {
    const nameOn = nameOnDay([
      { name: '丙股份', start: '2010-01-04', end: '2024-05-12' },
      { name: '退市丙', start: '2024-05-13', end: null },
    ]);
    expect(['2009-12-31', '2024-05-10', '2024-05-13', '2026-01-05'].map(nameOn)).to.deep.equal([
      null,
      '丙股份',
      '退市丙',
      '退市丙',
    ]);
  });

  it('a close at the limit within half a tick is at it; a high at the up limit and a close below it opened', () => {
    const limit = { up: 11.11, down: 9.09 };
    const move = (high: number, close: number, decimals = 2) => limitMoveOf({ high, close }, limit, decimals);
    expect([
      move(11.11, 11.11),
      // Half a cent below 11.11 is 11.11 at the cent.
      move(11.11, 11.105),
      move(11.11, 11.1),
      move(11.09, 11.05),
      move(10, 9.09),
      // At 0.001 yuan (a fund), 11.105 is a tick of its own below 11.110.
      move(11.1, 11.105, 3),
    ]).to.deep.equal(['up', 'up', 'opened', 'none', 'down', 'none']);
    expect(limitMoveOf({ high: null, close: null }, limit, 2)).to.equal(null);
  });

  it('the ladder: known streaks highest first, unknown after, the opened last; counts and the seal rate', () => {
    const ladder = ladderOf([
      { symbol: '000003.SZ', move: 'up', streak: 1 },
      { symbol: '000001.SZ', move: 'opened', streak: 0 },
      { symbol: '000002.SZ', move: 'up', streak: null },
      { symbol: '000004.SZ', move: 'up', streak: 3 },
      { symbol: '000005.SZ', move: 'down', streak: 0 },
      { symbol: '000006.SZ', move: 'none', streak: 0 },
      { symbol: '000007.SZ', move: 'up', streak: 1 },
    ]);
    expect(ladder.entries.map(({ symbol }) => symbol)).to.deep.equal([
      '000004.SZ',
      '000003.SZ',
      '000007.SZ',
      '000002.SZ',
      '000001.SZ',
    ]);
    // 4 up of 4 + 1 opened: 80 %.
    const { up, down, opened, sealRate, topStreak } = ladder;
    expect({ up, down, opened, sealRate, topStreak }).to.deep.equal({
      up: 4,
      down: 1,
      opened: 1,
      sealRate: 80,
      topStreak: 3,
    });
    expect(ladderOf([{ symbol: '000006.SZ', move: 'none', streak: 0 }])).to.deep.equal({
      entries: [],
      up: 0,
      down: 0,
      opened: 0,
      sealRate: null,
      topStreak: null,
    });
  });
});
