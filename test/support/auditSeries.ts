import type { AuditBar, AuditSeries } from '../../src/domain/quality/barChecks';

/**
 * A security's series for the bar checks with nothing on it but its bars: no halt, distribution, factor step, risk
 * warning or delisting period, listed long ago, every bar the session after the one before. `overrides` sets the rest.
 */
export const auditSeriesOf = (bars: AuditBar[], overrides: Partial<AuditSeries> = {}): AuditSeries => ({
  symbol: 'TEST',
  kind: 'stock',
  board: null,
  growthFund: false,
  bars,
  halts: new Set(),
  distributions: new Map(),
  factorSteps: new Set(),
  stOn: () => false,
  delistingOn: () => false,
  listDate: null,
  sessionOf: () => 100,
  follows: () => true,
  sessionsBetween: () => 0,
  ...overrides,
});
