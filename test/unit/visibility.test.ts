import { expect } from 'chai';
import { visibilityOf } from '../../src/modules/market/visibility.service';

describe('market plan rules (visibilityOf)', () => {
  const now = new Date('2024-12-31T07:00:00Z'); // 15:00 in Beijing

  it('starter: daily bars by publication time 15 minutes late (UTC), minute data 15 minutes late (Beijing), no ticks', () => {
    expect(visibilityOf({ daily_delay_minutes: 15, minute_delay_minutes: 15, tick_access: 0 }, now)).to.deep.equal({
      dailyDelayMinutes: 15, minuteDelayMinutes: 15, tickAccess: false,
      dailyCutoff: '2024-12-31 06:45:00', minuteCutoff: '2024-12-31 14:45:00',
    });
  });

  it('professional: daily real time, minute data 1 minute late, ticks', () => {
    expect(visibilityOf({ daily_delay_minutes: 0, minute_delay_minutes: 1, tick_access: true }, now)).to.include({
      tickAccess: true, dailyCutoff: null, minuteCutoff: '2024-12-31 14:59:00',
    });
  });

  it('enterprise: everything in real time', () => {
    expect(visibilityOf({ daily_delay_minutes: 0, minute_delay_minutes: 0, tick_access: 1 }, now)).to.include({
      tickAccess: true, dailyCutoff: null, minuteCutoff: null,
    });
  });
});
