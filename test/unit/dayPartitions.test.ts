import { expect } from 'chai';
import { partitionBound, partitionName, planPartitions } from '../../src/domain/time/dayPartitions';

describe('domain/dayPartitions', () => {
  it('names a partition by the first day it does not hold', () => {
    expect(partitionName('2026-11-25')).to.equal('before_20261125');
    expect(partitionBound('before_20261125')).to.equal('2026-11-25');
    expect(partitionBound('p_future')).to.equal(null);
  });

  it('a table never split: one partition for everything before the window, then one a day through the last day', () => {
    expect(planPartitions(['p_future'], '2026-11-20', '2026-11-22')).to.deep.equal({
      add: ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'],
      drop: [],
    });
  });

  it('the next hour: days that left the window are dropped, days ahead are added after the highest bound', () => {
    const existing = ['before_20261120', 'before_20261121', 'before_20261122', 'before_20261123', 'p_future'];
    // keep from 2026-11-22: the partitions ending on or before it hold only 2026-11-21 and older
    expect(planPartitions(existing, '2026-11-22', '2026-11-24')).to.deep.equal({
      add: ['2026-11-24', '2026-11-25'],
      drop: ['before_20261120', 'before_20261121', 'before_20261122'],
    });
    expect(planPartitions(existing, '2026-11-20', '2026-11-22')).to.deep.equal({ add: [], drop: ['before_20261120'] });
  });

  it('partitions that all lie before the window: all dropped, and the window starts afresh', () => {
    expect(
      planPartitions(['before_20260101', 'before_20260102', 'p_future'], '2026-03-01', '2026-03-01'),
    ).to.deep.equal({
      add: ['2026-03-01', '2026-03-02'],
      drop: ['before_20260101', 'before_20260102'],
    });
  });
});
