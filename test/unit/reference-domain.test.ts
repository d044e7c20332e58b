import { expect } from 'chai';
import { ANNOUNCEMENT_TYPES, classifyAnnouncement } from '../../src/domain/reference/announcementTypes';
import { countOnce } from '../../src/domain/reference/codeContinuity';
import { haltPeriods, type HaltDay } from '../../src/domain/market/halts';
import { dividendStageCode, LISTING_STATUS, listStatusOfCode } from '../../src/domain/reference/referenceCodes';
import { boardOf, parseOneSymbol } from '../../src/domain/reference/symbols';
import { AppError } from '../../src/domain/api/errors';

const halted = (trade_date: string, suspend_timing: string | null = null): HaltDay => ({
  trade_date,
  suspend_type: 'S',
  suspend_timing,
});
const resumed = (trade_date: string): HaltDay => ({ trade_date, suspend_type: 'R', suspend_timing: null });

describe('domain/halts', () => {
  // Open days around the 2024 Spring Festival (closed 2024-02-09..18) and a weekend.
  const open = [
    '2024-02-07',
    '2024-02-08',
    '2024-02-19',
    '2024-02-20',
    '2024-02-21',
    '2024-03-01',
    '2024-03-04',
    '2024-03-05',
  ];

  it('merges halted days that are consecutive on the calendar across a holiday, resumed on the R day', () => {
    expect(haltPeriods([halted('2024-02-08'), halted('2024-02-19'), resumed('2024-02-20')], open)).to.deep.equal([
      {
        start_date: '2024-02-08',
        end_date: '2024-02-19',
        resume_date: '2024-02-20',
        trading_days: 2,
        suspend_timing: null,
      },
    ]);
  });

  it('an open day between two halted days splits them; each period takes the first R before the next', () => {
    const days = [
      halted('2024-02-07'),
      resumed('2024-02-08'),
      halted('2024-02-19'),
      halted('2024-03-01'),
      resumed('2024-03-05'),
    ];
    expect(haltPeriods(days, open)).to.deep.equal([
      {
        start_date: '2024-02-07',
        end_date: '2024-02-07',
        resume_date: '2024-02-08',
        trading_days: 1,
        suspend_timing: null,
      },
      { start_date: '2024-02-19', end_date: '2024-02-19', resume_date: null, trading_days: 1, suspend_timing: null },
      {
        start_date: '2024-03-01',
        end_date: '2024-03-01',
        resume_date: '2024-03-05',
        trading_days: 1,
        suspend_timing: null,
      },
    ]);
  });

  it('a partly halted day keeps its timing and may resume the same day; unsorted, repeated input is fine', () => {
    const days = [resumed('2024-03-04'), halted('2024-03-04', '09:30-10:30'), halted('2024-03-04', '09:30-10:30')];
    expect(haltPeriods(days, open)).to.deep.equal([
      {
        start_date: '2024-03-04',
        end_date: '2024-03-04',
        resume_date: '2024-03-04',
        trading_days: 1,
        suspend_timing: '09:30-10:30',
      },
    ]);
  });

  it('a halted day missing from the calendar is not merged on a guess', () => {
    expect(
      haltPeriods([halted('2023-12-29'), halted('2024-02-07')], open).map((period) => period.start_date),
    ).to.deep.equal(['2023-12-29', '2024-02-07']);
    expect(haltPeriods([], open)).to.deep.equal([]);
  });
});

describe('domain/announcementTypes', () => {
  const cases: Array<[string, string]> = [
    ['贵州茅台2023年半年度报告', 'semi_annual_report'],
    ['平安银行2023年中期报告摘要', 'semi_annual_report'],
    ['贵州茅台2023年年度报告', 'annual_report'],
    ['关于2023年年报问询函的回复', 'annual_report'],
    ['2024年第一季度报告', 'quarterly_report'],
    ['2023年度利润分配方案公告', 'dividend'],
    ['2023年年度权益分派实施公告', 'dividend'],
    ['关于召开2023年年度股东大会的通知', 'shareholder_meeting'],
    ['关于筹划重大资产重组的提示性公告', 'major_restructuring'],
    ['关于吸收合并招商局港口的公告', 'major_restructuring'],
    ['关于重大事项停牌的公告', 'suspension_resumption'],
    ['关于股票复牌的公告', 'suspension_resumption'],
    ['第四届董事会第一次会议决议公告', 'other'],
  ];
  for (const [title, type] of cases) it(`${title} → ${type}`, () => expect(classifyAnnouncement(title)).to.equal(type));

  it('every rule names a documented type', () => {
    expect(new Set(cases.map(([, type]) => type))).to.deep.equal(new Set(ANNOUNCEMENT_TYPES));
  });
});

describe('domain/symbols boards', () => {
  const cases: Array<[string, string | null]> = [
    ['600519.SH', 'main'],
    ['000001.SZ', 'main'],
    ['002594.SZ', 'main'],
    ['001872.SZ', 'main'],
    ['003816.SZ', 'main'],
    ['688981.SH', 'star'],
    ['689009.SH', 'star'],
    ['300750.SZ', 'chinext'],
    ['301269.SZ', 'chinext'],
    ['900901.SH', 'b_share'],
    ['200002.SZ', 'b_share'],
    ['830799.BJ', 'bse'],
    ['920099.BJ', 'bse'],
    ['000001.SH', null],
    ['399300.SZ', null],
    ['600519.SZ', null],
  ];
  for (const [code, board] of cases) it(`${code} → ${board}`, () => expect(boardOf(code)).to.equal(board));

  it('parseOneSymbol: any format → standard; malformed → invalid_symbol', () => {
    expect(parseOneSymbol('sz.000022')).to.equal('000022.SZ');
    expect(() => parseOneSymbol('00002')).to.throw(AppError, 'Invalid symbol: 00002');
  });
});

describe('domain/referenceCodes and codeContinuity', () => {
  it('listing statuses and dividend stages', () => {
    expect(LISTING_STATUS.P).to.deep.equal({ status: '暂停', status_code: 'suspended' });
    expect(listStatusOfCode('delisted')).to.equal('D');
    expect(
      ['预案', '股东大会通过', '实施', '不分配', '未通过', '停止实施', '董事会预案'].map(dividendStageCode),
    ).to.deep.equal(['proposed', 'approved', 'implemented', 'no_distribution', 'rejected', 'cancelled', 'other']);
  });

  it('a former code adds only what the current code lacks', () => {
    const rows = [
      { code: '001872.SZ', period: '2017' },
      { code: '000022.SZ', period: '2017' },
      { code: '000022.SZ', period: '2016' },
    ];
    expect(
      countOnce(
        rows,
        '001872.SZ',
        (row) => row.code,
        (row) => row.period,
      ),
    ).to.deep.equal([rows[0], rows[2]]);
  });
});
