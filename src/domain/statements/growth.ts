import { roundRatio } from '../api/numbers';

/**
 * Year-on-year growth in percent: (current − prior) / |prior| × 100. Dividing by the absolute base keeps the
 * sign meaningful when the base is negative (a loss shrinking from −100 to −50 is +50 %, growing to −150 is
 * −50 %). Null when either figure is missing or the base is zero.
 */
export function yoyGrowth(current: number | null, prior: number | null): number | null {
  if (current === null || prior === null || prior === 0) return null;
  return roundRatio(((current - prior) / Math.abs(prior)) * 100);
}
