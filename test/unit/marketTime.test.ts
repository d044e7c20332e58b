import { expect } from 'chai';
import { notYetVisible, visibilityAt, visibleFrom } from '../../src/domain/time/marketTime';

const STARTER = { plan: 'starter', dailyDelayMinutes: 15, minuteDelayMinutes: 15, tickAccess: false };
const PROFESSIONAL = { plan: 'professional', dailyDelayMinutes: 0, minuteDelayMinutes: 1, tickAccess: true };
const ENTERPRISE = { plan: 'enterprise', dailyDelayMinutes: 0, minuteDelayMinutes: 0, tickAccess: true };
/** A UTC instant given as Beijing wall-clock time (UTC+8). */
const beijing = (time: string) => new Date(`${time.replace(' ', 'T')}+08:00`);

describe('plan delays on market time (visibilityAt)', () => {
  it('starter at 15:00 Beijing: the day closing now is 15 minutes from visible; minute data through 14:45', () => {
    expect(visibilityAt(STARTER, beijing('2024-12-31 15:00:00'))).to.deep.equal({
      ...STARTER,
      dailyThrough: '2024-12-30',
      minuteThrough: '2024-12-31 14:45:00',
    });
  });

  it('starter sees the close of its day at 15:15, not a second before', () => {
    expect(visibilityAt(STARTER, beijing('2024-12-31 15:14:59')).dailyThrough).to.equal('2024-12-30');
    expect(visibilityAt(STARTER, beijing('2024-12-31 15:15:00')).dailyThrough).to.equal('2024-12-31');
    expect(visibilityAt(STARTER, beijing('2024-12-31 23:59:59')).dailyThrough).to.equal('2024-12-31');
  });

  it('a minute bar of 10:31 (labelled by its end) is visible to starter at 10:46', () => {
    expect(visibilityAt(STARTER, beijing('2026-11-25 10:45:59')).minuteThrough).to.equal('2026-11-25 10:30:59');
    expect(visibilityAt(STARTER, beijing('2026-11-25 10:46:00')).minuteThrough).to.equal('2026-11-25 10:31:00');
  });

  it('across midnight and the year: before the close the day before is the newest; the Beijing date, not the UTC one', () => {
    // 00:10 UTC on 2025-01-01 is 08:10 in Beijing: market time 07:55, before the close of 2025-01-01.
    expect(visibilityAt(STARTER, new Date('2025-01-01T00:10:00Z')).dailyThrough).to.equal('2024-12-31');
    // 16:05 UTC on 2024-12-31 is 00:05 of 2025-01-01 in Beijing: market time 23:50 of 2024-12-31.
    expect(visibilityAt(STARTER, new Date('2024-12-31T16:05:00Z'))).to.include({
      dailyThrough: '2024-12-31',
      minuteThrough: '2024-12-31 23:50:00',
    });
    expect(visibilityAt(STARTER, beijing('2024-03-01 09:00:00')).dailyThrough).to.equal('2024-02-29');
  });

  it('professional: daily data in real time, minute data 1 minute late', () => {
    expect(visibilityAt(PROFESSIONAL, beijing('2024-12-31 15:00:00'))).to.include({
      dailyThrough: null,
      minuteThrough: '2024-12-31 14:59:00',
    });
  });

  it('enterprise: everything loaded is visible', () => {
    expect(visibilityAt(ENTERPRISE, beijing('2024-12-31 15:00:00'))).to.include({
      dailyThrough: null,
      minuteThrough: null,
    });
  });
});

describe('when hidden data becomes visible (visibleFrom, notYetVisible)', () => {
  it('a day at its close plus the delay; a minute at its end plus the delay', () => {
    expect(visibleFrom('2026-11-25 15:00:00', 15)).to.equal('2026-11-25 15:15:00');
    expect(visibleFrom('2026-11-25 10:31:00', 15)).to.equal('2026-11-25 10:46:00');
    expect(visibleFrom('2026-12-31 23:50:00', 15)).to.equal('2027-01-01 00:05:00');
  });

  it('no_data naming the row and the Beijing time; a later day is named with it', () => {
    expect(notYetVisible(STARTER, { date: '2026-11-25' })).to.include({
      code: 'no_data',
      message: '2026-11-25 is visible to the starter plan from 15:15 Beijing time',
    });
    expect(notYetVisible(STARTER, { time: '2026-11-25 10:31:00' }).message).to.equal(
      '2026-11-25 10:31:00 is visible to the starter plan from 10:46 Beijing time',
    );
    expect(
      notYetVisible({ ...STARTER, plan: 'slow', dailyDelayMinutes: 600 }, { date: '2026-11-25' }).message,
    ).to.equal('2026-11-25 is visible to the slow plan from 2026-11-26 01:00 Beijing time');
  });
});
