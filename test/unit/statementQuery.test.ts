import { expect } from 'chai';
import { AppError } from '../../src/domain/api/errors';
import { CROSS_SECTION_PAGE, parsePeriodCrossSection } from '../../src/domain/statements/statementQuery';

describe('domain/statementQuery: a financial cross-section of one reporting period', () => {
  it('a year end is an annual report of consolidated statements, a first page of 1,000 companies by default', () => {
    expect(parsePeriodCrossSection({ report_date: '2024-12-31' })).to.deep.equal({
      reportDate: '2024-12-31',
      kind: 'annual',
      reportType: 1,
      asOf: undefined,
      window: { limit: CROSS_SECTION_PAGE, offset: 0 },
    });
    expect(CROSS_SECTION_PAGE).to.equal(1000);
  });

  it('another quarter end is a year-to-date quarterly report; the parent company is report type 6; pages count from 1', () => {
    expect(
      parsePeriodCrossSection({
        report_date: '2024-09-30',
        report_type: 'parent',
        as_of: '2024-10-31',
        page: 3,
        limit: 500,
      }),
    ).to.deep.equal({
      reportDate: '2024-09-30',
      kind: 'quarterly',
      reportType: 6,
      asOf: '2024-10-31',
      window: { limit: 500, offset: 1000 },
    });
  });

  it('a date that ends no reporting period is refused as invalid_parameter, naming the four period ends', () => {
    for (const date of ['2024-10-31', '2024-06-29', '2024-03-30']) {
      expect(() => parsePeriodCrossSection({ report_date: date }))
        .to.throw(AppError, `report_date ${date} ends no reporting period: use YYYY-03-31, -06-30, -09-30 or -12-31`)
        .with.property('code', 'invalid_parameter');
    }
  });
});
