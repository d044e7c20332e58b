import { expect } from 'chai';
import { exchangeDateTime, exchangeToday } from '../../src/domain/time/clock';
import { usageRange } from '../../src/domain/time/usageRange';
import { parseStatementQuery } from '../../src/domain/statements/statementQuery';

/** 2026-11-22 23:30 UTC is 2026-11-23 07:30 in Beijing: the exchange is already on the next day. */
const LATE_UTC_EVENING = new Date('2026-11-22T23:30:00Z');

describe('domain/clock: one "today", the exchange’s (Asia/Shanghai)', () => {
  it('turns at 16:00 UTC (midnight in Beijing)', () => {
    expect(exchangeToday(new Date('2026-11-22T15:59:59Z'))).to.equal('2026-11-22');
    expect(exchangeToday(new Date('2026-11-22T16:00:00Z'))).to.equal('2026-11-23');
    expect(exchangeToday(LATE_UTC_EVENING)).to.equal('2026-11-23');
    expect(exchangeDateTime(LATE_UTC_EVENING)).to.equal('2026-11-23 07:30:00');
  });

  it('at 23:30 UTC a financials default end date is the Beijing date, 2026-11-23', () => {
    expect(parseStatementQuery({ symbol: '600519' }, exchangeToday(LATE_UTC_EVENING)).end).to.equal('2026-11-23');
  });

  it('at 23:30 UTC the usage report ends on the Beijing date too', () => {
    expect(usageRange({}, LATE_UTC_EVENING)).to.deep.equal({ begin: '2026-10-25', end: '2026-11-23' });
  });
});
