import { expect } from 'chai';
import { gapsOf, lagInSessions, sessionState, universeCounts } from '../../src/domain/market/coverage';
import { OpenDays } from '../../src/domain/time/openDays';

const days = new OpenDays(['2024-02-05', '2024-02-06', '2024-02-07', '2024-02-08', '2024-02-19', '2024-02-20']);

describe('domain/coverage: when a session counts as loaded', () => {
  it('a per-security daily session is complete at the minimum share of its universe, rounded up; partial below; missing without rows', () => {
    // 95 % of 5,000 is 4,750 rows.
    expect(sessionState({ rows: 4750, expected: 5000 }, 'universe', 0.95)).to.equal('complete');
    expect(sessionState({ rows: 4749, expected: 5000 }, 'universe', 0.95)).to.equal('partial');
    // 95 % of 3 stocks is 2.85: the third must be there.
    expect(sessionState({ rows: 2, expected: 3 }, 'universe', 0.95)).to.equal('partial');
    expect(sessionState({ rows: 0, expected: 3 }, 'universe', 0.95)).to.equal('missing');
    expect(sessionState({ rows: 1, expected: 5000 }, 'any', 0.95)).to.equal('complete');
    expect(sessionState({ rows: 0, expected: 0 }, 'any', 0.95)).to.equal('missing');
    expect(sessionState({ rows: 0, expected: 0 }, 'none', 0.95)).to.equal('complete');
  });

  it('the universe of a session: listed from the list date on, until the delist date (not on it), less the halted', () => {
    const lives = [
      { list_date: '2024-02-06', delist_date: null },
      { list_date: null, delist_date: '2024-02-08' },
      { list_date: '1991-04-03', delist_date: null },
    ];
    const counts = universeCounts(['2024-02-05', '2024-02-06', '2024-02-08'], lives, new Map([['2024-02-06', 1]]));
    expect([...counts]).to.deep.equal([
      ['2024-02-05', 2],
      ['2024-02-06', 2],
      ['2024-02-08', 2],
    ]);
  });

  it('gaps of a window, oldest first, and the lag in open sessions', () => {
    const counts = new Map([
      ['2024-02-05', { rows: 3, expected: 3 }],
      ['2024-02-07', { rows: 1, expected: 3 }],
    ]);
    expect(gapsOf(['2024-02-05', '2024-02-06', '2024-02-07'], counts, 'universe', 0.95)).to.deep.equal([
      { date: '2024-02-06', state: 'missing', rows: 0, expected: 0 },
      { date: '2024-02-07', state: 'partial', rows: 1, expected: 3 },
    ]);
    expect(lagInSessions('2024-02-07', '2024-02-19', days)).to.equal(2);
    expect(lagInSessions('2024-02-19', '2024-02-19', days)).to.equal(0);
    expect(lagInSessions(null, '2024-02-19', days)).to.equal(null);
  });
});
