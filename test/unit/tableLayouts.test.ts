import { expect } from 'chai';
import { VALUATION_FIELDS, valuationGroup } from '../../src/domain/tables/dailyBasicColumns';
import {
  HOLDER_COUNTS,
  isOfSecurities,
  MARGIN_DETAILS,
  MARGIN_TOTALS,
  announcedValueColumnsOf,
  SHARE_FLOATS,
  valueColumnsOf,
} from '../../src/domain/tables/datasetDescriptors';

describe('domain/tables: what the registries give the routes', () => {
  it('a dataset of securities has a ts_code column; a dataset of markets does not', () => {
    expect(isOfSecurities(MARGIN_DETAILS)).to.equal(true);
    expect(isOfSecurities(MARGIN_TOTALS)).to.equal(false);
  });

  it('the value columns are all but the security and the day, in the registry’s order', () => {
    expect(valueColumnsOf(MARGIN_DETAILS)).to.deep.equal([
      'rzye',
      'rqye',
      'rzmre',
      'rqyl',
      'rzche',
      'rqchl',
      'rqmcl',
      'rzrqye',
    ]);
    expect(valueColumnsOf(MARGIN_TOTALS)).to.deep.equal([
      'exchange_id',
      'rzye',
      'rzmre',
      'rzche',
      'rqye',
      'rqmcl',
      'rzrqye',
      'rqyl',
    ]);
  });

  it('an announced dataset’s value columns are all but the security, its day and the announcement', () => {
    expect(announcedValueColumnsOf(HOLDER_COUNTS, { date: 'end_date' })).to.deep.equal(['holder_num']);
    expect(announcedValueColumnsOf(SHARE_FLOATS, { date: 'float_date' })).to.deep.equal([
      'float_share',
      'float_ratio',
      'holder_name',
      'share_type',
    ]);
  });

  it('daily_basic’s two covering-index groups split its valuation columns, each within MySQL’s 16 columns an index with the date and the code', () => {
    const [ratios, sizes] = [valuationGroup(0), valuationGroup(1)];
    expect(ratios).to.deep.equal(['pe', 'pe_ttm', 'pb', 'ps', 'ps_ttm', 'dv_ratio', 'dv_ttm']);
    expect(sizes).to.deep.equal([
      'total_share',
      'float_share',
      'free_share',
      'total_mv',
      'circ_mv',
      'turnover_rate',
      'turnover_rate_f',
      'volume_ratio',
    ]);
    expect([...ratios, ...sizes].sort()).to.deep.equal([...VALUATION_FIELDS].sort());
    for (const group of [ratios, sizes]) expect(group.length + 2).to.be.at.most(16);
  });
});
