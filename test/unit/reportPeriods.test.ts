import { expect } from 'chai';
import {
  isListedUnder,
  listedPeriods,
  pageOfPeriods,
  periodOf,
  periodsNeeded,
  previousYearEnd,
  reportName,
  yearEarlier,
} from '../../src/domain/statements/reportPeriods';
import { currentVersions } from '../../src/domain/statements/statementVersions';

describe('domain/reportPeriods', () => {
  it('periodOf reads the quarter from the period end', () => {
    expect(periodOf('2024-03-31')).to.deep.equal({ year: 2024, quarter: 1 });
    expect(periodOf('2024-06-30')).to.deep.equal({ year: 2024, quarter: 2 });
    expect(periodOf('2024-09-30')).to.deep.equal({ year: 2024, quarter: 3 });
    expect(periodOf('2024-12-31')).to.deep.equal({ year: 2024, quarter: 4 });
    expect(periodOf('2024-05-31')).to.equal(null);
  });

  it('localised report names', () => {
    expect(reportName('2024-12-31', 'annual')).to.equal('2024年年报');
    expect(reportName('2024-03-31', 'quarterly')).to.equal('2024年一季报');
    expect(reportName('2024-06-30', 'quarterly')).to.equal('2024年中报');
    expect(reportName('2024-09-30', 'quarterly')).to.equal('2024年三季报');
    expect(reportName('2024-12-31', 'ttm')).to.equal('2024年TTM');
    expect(reportName('2024-09-30', 'ttm')).to.equal('2024年三季报TTM');
    expect(reportName('2024-05-31', 'quarterly')).to.equal('2024-05-31');
  });

  it('year-earlier and previous-year-end dates', () => {
    expect(yearEarlier('2024-09-30')).to.equal('2023-09-30');
    expect(previousYearEnd('2024-09-30')).to.equal('2023-12-31');
    expect(previousYearEnd('2024-12-31')).to.equal('2023-12-31');
  });

  it('annual lists year ends only; quarterly and ttm every periodic report', () => {
    expect(isListedUnder('2024-09-30', 'annual')).to.equal(false);
    expect(isListedUnder('2024-12-31', 'annual')).to.equal(true);
    expect(isListedUnder('2024-09-30', 'ttm')).to.equal(true);
    expect(isListedUnder('2024-05-31', 'quarterly')).to.equal(false);
  });

  it('lists periods in range newest first, de-duplicated, and pages them', () => {
    const dates = ['2023-12-31', '2024-03-31', '2024-06-30', '2024-06-30', '2022-12-31', '2024-12-31'];
    expect(listedPeriods(dates, 'quarterly', { end: '2024-09-30' })).to.deep.equal([
      '2024-06-30',
      '2024-03-31',
      '2023-12-31',
      '2022-12-31',
    ]);
    expect(listedPeriods(dates, 'annual', { begin: '2023-01-01', end: '2025-01-01' })).to.deep.equal([
      '2024-12-31',
      '2023-12-31',
    ]);
    expect(pageOfPeriods(['d', 'c', 'b', 'a'], { limit: 2, offset: 1 })).to.deep.equal(['c', 'b']);
  });

  it('the periods the figures shown depend on: each, and per year back the same period and the year end before it', () => {
    // TTM of 2024 Q3 = YTD 2024-09-30 + FY 2023-12-31 − YTD 2023-09-30; its growth needs the TTM of 2023 Q3 too.
    expect(periodsNeeded(['2024-09-30'], 0)).to.deep.equal(['2024-09-30']);
    expect(periodsNeeded(['2024-09-30'], 1)).to.deep.equal(['2023-09-30', '2023-12-31', '2024-09-30']);
    expect(periodsNeeded(['2024-09-30'], 2)).to.deep.equal([
      '2022-09-30',
      '2022-12-31',
      '2023-09-30',
      '2023-12-31',
      '2024-09-30',
    ]);
    // An annual period's year end before it is the year-earlier period itself; shared periods are read once.
    expect(periodsNeeded(['2024-12-31', '2023-12-31'], 1)).to.deep.equal(['2022-12-31', '2023-12-31', '2024-12-31']);
    expect(periodsNeeded([], 2)).to.deep.equal([]);
  });
});

describe('domain/statementVersions', () => {
  const versions = [
    { end_date: '2023-12-31', f_ann_date: '2024-03-30', update_flag: 1, revenue: 560 },
    { end_date: '2023-12-31', f_ann_date: '2025-03-30', update_flag: 0, revenue: 580 },
    { end_date: '2024-12-31', f_ann_date: '2025-03-30', update_flag: 0, revenue: 599 },
    { end_date: '2024-12-31', f_ann_date: '2025-03-30', update_flag: 1, revenue: 600 },
  ];

  it('the latest announcement wins, then the highest update_flag', () => {
    const current = currentVersions(versions);
    expect(current.get('2023-12-31')!.revenue).to.equal(580);
    expect(current.get('2024-12-31')!.revenue).to.equal(600);
  });

  it('as of a day: only versions announced by then', () => {
    const current = currentVersions(versions, '2024-12-31');
    expect(current.get('2023-12-31')!.revenue).to.equal(560);
    expect(current.has('2024-12-31')).to.equal(false);
  });

  it('a missing update_flag counts as 0', () => {
    const current = currentVersions([
      { end_date: '2024-12-31', f_ann_date: '2025-03-30', update_flag: null, n: 1 },
      { end_date: '2024-12-31', f_ann_date: '2025-03-30', update_flag: 1, n: 2 },
    ]);
    expect(current.get('2024-12-31')!.n).to.equal(2);
  });
});
