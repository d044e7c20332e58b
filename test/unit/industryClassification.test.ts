import { expect } from 'chai';
import { industryOn, type IndustryMembership } from '../../src/domain/reference/industryClassification';

describe('industryOn: the Shenwan membership in force on a day', () => {
  const old: IndustryMembership = {
    l1_name: '电气设备',
    l2_name: '电机Ⅱ',
    in_date: '2012-04-11',
    out_date: '2021-07-30',
  };
  const now: IndustryMembership = { l1_name: '电力设备', l2_name: '光伏设备', in_date: '2021-07-30', out_date: null };

  it('in from its in_date, out on its out_date (the first day outside)', () => {
    expect(industryOn([old, now], '2012-04-10', '电气设备').industry_classification).to.equal('stock_list');
    expect(industryOn([old, now], '2012-04-11', null)).to.deep.equal({
      industry: '电气设备',
      subindustry: '电机Ⅱ',
      industry_classification: 'sw2021',
    });
    expect(industryOn([now, old], '2021-07-30', null)).to.deep.include({
      industry: '电力设备',
      subindustry: '光伏设备',
    });
  });

  it('overlapping rows: the latest in answers', () => {
    const overlapping = { ...now, in_date: '2021-07-01' };
    expect(industryOn([old, overlapping], '2021-07-15', null).industry).to.equal('电力设备');
  });

  it('no membership that day: the stock list label, or nothing', () => {
    expect(industryOn([], '2024-01-02', '银行')).to.deep.equal({
      industry: '银行',
      subindustry: null,
      industry_classification: 'stock_list',
    });
    expect(industryOn([], '2024-01-02', null)).to.deep.equal({
      industry: null,
      subindustry: null,
      industry_classification: null,
    });
  });
});
