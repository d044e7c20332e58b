import { expect } from 'chai';
import {
  meantOn,
  memberCounts,
  membershipSpans,
  membersOn,
  resolveUniverse,
  spanGroups,
  type ConstituentRow,
} from '../../src/domain/market/universe';

/** Two of the CSI 300's real snapshots around its December 2023 review (db/demo/index_weight.csv, 399300.SZ). */
const CSI300: ConstituentRow[] = [
  { trade_date: '2023-11-30', con_code: '600519.SH' },
  { trade_date: '2023-11-30', con_code: '000723.SZ' },
  { trade_date: '2024-01-02', con_code: '600519.SH' },
  { trade_date: '2024-01-02', con_code: '000999.SZ' },
];

describe('domain/universe: what a store declares it means to hold', () => {
  it('an index member from the first snapshot listing it to the day before the first without it (CSI 300, December 2023 review: 000723.SZ out, 000999.SZ in)', () => {
    expect(membershipSpans(CSI300)).to.deep.equal([
      { ts_code: '000723.SZ', from: '2023-11-30', until: '2024-01-01' },
      { ts_code: '000999.SZ', from: '2024-01-02', until: null },
      { ts_code: '600519.SH', from: '2023-11-30', until: null },
    ]);
    // Out and back in: two spans.
    const back = [...CSI300, { trade_date: '2024-02-01', con_code: '000723.SZ' }];
    expect(membershipSpans(back).filter((span) => span.ts_code === '000723.SZ')).to.deep.equal([
      { ts_code: '000723.SZ', from: '2023-11-30', until: '2024-01-01' },
      { ts_code: '000723.SZ', from: '2024-02-01', until: null },
    ]);
  });

  it('nothing declared is the whole market; an index line is cut to its days; a security twice over one span', () => {
    expect(resolveUniverse([], new Map())).to.equal(null);
    expect(membersOn(null, '2024-01-02')).to.equal(null);
    const universe = resolveUniverse(
      [
        { scope: 'index', code: '399300.SZ', start_date: '2023-12-15', end_date: '2024-06-30' },
        { scope: 'security', code: '600519.SH', start_date: '2024-03-01', end_date: null },
        { scope: 'market', code: '*', start_date: '2025-04-03', end_date: '2025-04-03' },
      ],
      new Map([['399300.SZ', CSI300]]),
    );
    expect(universe).to.deep.equal({
      market: [{ from: '2025-04-03', until: '2025-04-03' }],
      members: [
        { ts_code: '000723.SZ', from: '2023-12-15', until: '2024-01-01' },
        { ts_code: '000999.SZ', from: '2024-01-02', until: '2024-06-30' },
        { ts_code: '600519.SH', from: '2023-12-15', until: null },
      ],
    });
    expect([...membersOn(universe, '2023-12-29')!]).to.deep.equal(['000723.SZ', '600519.SH']);
    expect([...membersOn(universe, '2024-07-01')!]).to.deep.equal(['600519.SH']);
    expect(membersOn(universe, '2025-04-03')).to.equal(null);
    const meant = meantOn(universe);
    expect([meant('000723.SZ', '2024-01-01'), meant('000723.SZ', '2024-01-02')]).to.deep.equal([true, false]);
    expect(meant('000001.SZ', '2025-04-03')).to.equal(true);
  });

  it('a session counts the members meant, listed and not halted; spans grouped by their common days', () => {
    const members = [
      { ts_code: 'A', from: '2024-01-02', until: null, list_date: null, delist_date: null },
      { ts_code: 'B', from: '2024-01-02', until: '2024-01-03', list_date: null, delist_date: null },
      { ts_code: 'C', from: '2024-01-02', until: null, list_date: '2024-01-03', delist_date: '2024-01-05' },
    ];
    const counts = memberCounts(
      ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'],
      members,
      new Set(['A|2024-01-04']),
    );
    expect([...counts]).to.deep.equal([
      ['2024-01-02', 2],
      ['2024-01-03', 3],
      ['2024-01-04', 1],
      ['2024-01-05', 1],
    ]);
    expect(spanGroups(members, '2024-01-03', '2024-01-31')).to.deep.equal([
      { from: '2024-01-03', until: '2024-01-31', codes: ['A', 'C'] },
      { from: '2024-01-03', until: '2024-01-03', codes: ['B'] },
    ]);
  });
});
